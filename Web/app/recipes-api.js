// The recipe routes of the server (WebApp+Recipes.swift): import, library, parse, review, add.

import { ApiError, call, onList } from './api.js';
import { targetList } from './lists.js';

const recipe = (id) => `/api/v3/recipes/${encodeURIComponent(id)}`;

/**
 * What to add: servings, skipped line positions, chosen alternatives ({line: alt}) and the
 * pantry overrides ({line: 'buyFull' | 'skip'}); what the pantry covers is left out.
 */
function selection({ servings, skip, choose, overrides = {} }) {
  const body = {};
  if (servings) body.servings = servings;
  body.skip = [...skip].sort((a, b) => a - b);
  body.choose = Object.entries(choose).map(([line, alternative]) => ({ line: Number(line), alternative }));
  body.pantry = true;
  body.overrides = Object.entries(overrides).map(([line, override]) => ({ line: Number(line), override }));
  return body;
}

export const recipesApi = {
  importText: (text) => call('POST', '/api/v3/recipes/import', { text, save: true }),
  importPage: (page) => call('POST', '/api/v3/recipes/import', { page, save: true }),
  importAddress: (url) => call('POST', '/api/v3/recipes/import', { url, save: true }),
  importPhotos: (photos) => call('POST', '/api/v3/recipes/import', { photos, save: true }),
  all: () => call('GET', '/api/v3/recipes'),
  recent: () => call('GET', '/api/v3/recipes?recent=1&limit=5'),
  search: (q) => call('GET', `/api/v3/recipes?q=${encodeURIComponent(q)}`),
  open: (id) => call('GET', recipe(id)),
  save: (value) => call('POST', '/api/v3/recipes', { recipe: value }),
  remove: (id) => call('DELETE', recipe(id)),
  parse: (lines) => call('POST', '/api/v3/recipes/parse', { lines }),
  review: (value, choices) => call('POST', '/api/v3/recipes/review', { recipe: value, ...selection(choices) }),
  /** "I cooked this": what the saved recipe takes out of the pantry; taken when `apply` (lines `only`). */
  cooked: (id, { servings, skip, choose }, apply = false, only = null) => {
    const { pantry, overrides, ...body } = selection({ servings, skip, choose });
    return call('POST', `${recipe(id)}/cooked`, { ...body, apply, ...(only ? { only } : {}) });
  },
  add: (value, choices) => value.id
    ? call('POST', onList(`${recipe(value.id)}/add`, targetList()), selection(choices))
    : call('POST', onList('/api/v3/recipes/add', targetList()), { recipe: value, ...selection(choices) }),
};

/**
 * Uploads a recipe library's file (a Paprika, Nextcloud Cookbook or Mealie export, or a zip
 * of pages) as its own bytes, calling `onProgress(fraction)` as it goes; resolves to the
 * import's job ({id, state, progress, summary, error}), which `libraryJob` follows.
 * NB: XMLHttpRequest, not fetch: only it reports an upload's progress.
 */
export function uploadLibrary(file, onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v3/recipes/library?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, "Can't reach Basket. Check the connection."));
    request.onload = () => {
      let data = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = null;
      }
      if (request.status >= 200 && request.status < 300 && data && data.job) resolve(data.job);
      else reject(new ApiError(request.status, (data && data.error) || `The server said ${request.status}.`));
    };
    request.send(file);
  });
}

/** A library import's job as it stands now. */
export const libraryJob = async (id) => (await call('GET', `/api/v3/recipes/library/${encodeURIComponent(id)}`)).job;

/** "12 imported · 3 already here · 2 not imported". */
export function librarySummaryText(summary) {
  const parts = [`${summary.imported.length} imported`];
  if (summary.duplicates.length) parts.push(`${summary.duplicates.length} already here`);
  if (summary.failed.length) parts.push(`${summary.failed.length} not imported`);
  return parts.join(' · ');
}

/** A file's bytes as base64, for `importPage`. */
export async function fileAsBase64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(text);
}

/**
 * Replaces the `index`th ingredient line (counted across the groups, as the server counts)
 * with `line`; returns a new recipe, the groups and the flat list kept in step.
 */
export function replaceLine(value, index, line) {
  let seen = 0;
  const ingredientGroups = value.ingredientGroups.map((group) => ({
    ...group,
    ingredients: group.ingredients.map((old) => (seen++ === index ? line : old)),
  }));
  return { ...value, ingredientGroups, ingredients: ingredientGroups.flatMap((group) => group.ingredients) };
}

/** How a planned or done line reads: "New item", "Joins flour: 500 g → 900 g (added up)". */
export function outcomeText(line) {
  const name = line.itemName || (line.item && line.item.name) || '';
  // NB: an API item (v2 on) leaves out an amount text that reads as its chip.
  const after = line.after !== undefined ? line.after : (line.item && (line.item.amountText ?? line.item.chip));
  const how = {
    summed: 'added up', converted: 'converted by density', sideBySide: 'kept side by side',
    noAmount: 'no amount to add',
  }[line.merge] || '';
  switch (line.outcome) {
    case 'added': return after ? `New item: ${name} (${after})` : `New item: ${name}`;
    case 'merged': return line.before && after
      ? `Joins ${name}: ${line.before} → ${after} (${how})`
      : `Joins ${name} (${how})`;
    case 'restored': return `Back from Got it: ${name}`;
    case 'skipped': return 'Skipped';
    case 'refused': return `Not added: ${line.reason || 'unreadable'}`;
    default: return '';
  }
}

/** Only http and https addresses become links. */
export function safeAddress(text) {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The recipe's yield as written, its number following the chosen servings ("Serves 4" →
 * "Serves 6", "4 servings" → "1 serving"); when that number can't be told apart in the text
 * ("4–6 servings"), the chosen servings go before it.
 */
export function yieldsFor(yields, written, servings) {
  if (!yields || !written || !servings || servings === written) return yields;
  const number = new RegExp(`(^|[^\\d.,/½¼¾–-])${written}(?![\\d.,/½¼¾–-])`, 'g');
  const found = yields.match(number) || [];
  const unit = servings === 1 ? 'serving' : 'servings';
  if (found.length !== 1) return `${servings} ${unit} (written: ${yields})`;
  return yields
    .replace(number, (_, before) => `${before}${servings}`)
    .replace(new RegExp(`(^|\\D)${servings}(\\s+)(serving|portion)s?\\b`, 'i'),
      (_, before, space, word) => `${before}${servings}${space}${word}${servings === 1 ? '' : 's'}`);
}

/**
 * What the review's notice shows when the reader is unsure of a page (recipe.doubt): why, the
 * page's own text, and what was read from it, side by side; null when the reader is sure.
 */
export function doubtFor(recipe) {
  const doubt = recipe && recipe.doubt;
  if (!doubt || !doubt.reason) return null;
  const read = [];
  for (const group of recipe.ingredientGroups || []) {
    if (group.heading) read.push(`${group.heading}:`);
    for (const line of group.ingredients) read.push(line.text);
  }
  for (const step of recipe.instructions || []) read.push(step);
  return { reason: doubt.reason, page: Array.isArray(doubt.pageText) ? doubt.pageText : [], read };
}
