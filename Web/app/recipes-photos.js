// Recipe Ready beside the photos a recipe was read from: the part of a photo where a doubted
// line stands, drawn from the photo the phone still holds (the server keeps no photos, so this
// lasts until the page is reloaded).

import { h } from './template.js';

/** Room around a line's box, as a share of its height, so the words beside it show too. */
const MARGIN = 0.75;

/**
 * The photos of one photo import and where each of its ingredient lines stands in them
 * (`sources`: beside the recipe's flat list of lines, null where it can't be told).
 */
export class PhotoSources {
  constructor(recipeId, files, sources) {
    this.recipeId = recipeId;
    this.files = files;
    this.sources = sources;
  }

  /** The photo import's answer as sources, or null when it says nothing of where lines stand. */
  static from(answer, files) {
    if (!answer || !answer.recipe || !Array.isArray(answer.photoSources)) return null;
    return new PhotoSources(answer.recipe.id, files, answer.photoSources);
  }

  /** Where the `index`th line stands, when it was doubted (by Tesseract or by the parser). */
  doubted(index, line) {
    const source = this.sources[index];
    if (!source || !this.files[source.page]) return null;
    return line.uncertain || source.doubtfulWords.length ? source : null;
  }
}

/** The crop of the photo around `box`, as the whole photo's pixel rectangle. */
export function cropAround(box, width, height) {
  const pad = Math.round(box.height * MARGIN);
  const left = Math.max(0, box.left - pad);
  const top = Math.max(0, box.top - pad);
  const right = Math.min(width, box.left + box.width + pad);
  const bottom = Math.min(height, box.top + box.height + pad);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** A figure showing where `source` stands in its photo, with the line's box outlined. */
export function photoRegion(photos, source, text) {
  const canvas = h('canvas', { class: 'photo-region', role: 'img', 'aria-label': `Where “${text}” stands in the photo` });
  const figure = h('figure', { class: 'photo-figure' }, canvas);
  draw(canvas, photos.files[source.page], source.box).catch(() => {
    figure.replaceChildren(h('p', { class: 'recipes-none' }, "This browser can't show that photo."));
  });
  return figure;
}

async function draw(canvas, file, box) {
  // NB: Tesseract read the file's pixels as stored, so they are drawn unrotated too.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'none' });
  try {
    const crop = cropAround(box, bitmap.width, bitmap.height);
    canvas.width = crop.width;
    canvas.height = crop.height;
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, crop.left, crop.top, crop.width, crop.height, 0, 0, crop.width, crop.height);
    context.lineWidth = Math.max(2, Math.round(box.height / 12));
    context.strokeStyle = '#e8590c';
    context.strokeRect(box.left - crop.left, box.top - crop.top, box.width, box.height);
  } finally {
    bitmap.close();
  }
}
