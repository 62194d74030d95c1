// Recipe Ready's photo crops (Web/app/recipes-photos.js): which part of a photo shows a line,
// and which lines offer one. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
// Loaded as a data: module, so its one import (the DOM builder) is stood in for.
const source = readFileSync(new URL('Web/app/recipes-photos.js', root), 'utf8')
  .replace("import { h } from './template.js';", 'const h = () => null;');
assert.notEqual(source.indexOf('const h = () => null;'), -1, 'the import to stand in for moved');
const photos = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

test('a crop keeps room around the line, inside the photo', () => {
  const box = { left: 100, top: 400, width: 150, height: 20 };
  assert.deepEqual(photos.cropAround(box, 1000, 1000), { left: 85, top: 385, width: 180, height: 50 });
});

test('a crop at the photo edges is cut to the photo', () => {
  const box = { left: 2, top: 990, width: 300, height: 40 };
  assert.deepEqual(photos.cropAround(box, 280, 1000), { left: 0, top: 960, width: 280, height: 40 });
});

test('only doubted lines of a photo import offer their photo', () => {
  const files = ['card.jpg'];
  const answer = {
    recipe: { id: 'r1' },
    photoSources: [
      null,
      { page: 0, box: { left: 1, top: 1, width: 5, height: 5 }, doubtfulWords: ['%'] },
      { page: 0, box: { left: 1, top: 9, width: 5, height: 5 }, doubtfulWords: [] },
      { page: 3, box: { left: 1, top: 9, width: 5, height: 5 }, doubtfulWords: ['Ib'] },
    ],
  };
  const sources = photos.PhotoSources.from(answer, files);
  assert.equal(sources.recipeId, 'r1');
  assert.equal(sources.doubted(0, { uncertain: true }), null); // no source
  assert.equal(sources.doubted(1, { uncertain: false }).doubtfulWords[0], '%');
  assert.equal(sources.doubted(2, { uncertain: false }), null); // sure of every word
  assert.equal(sources.doubted(2, { uncertain: true }).box.top, 9); // the parser doubted it
  assert.equal(sources.doubted(3, { uncertain: true }), null); // no such photo
  assert.equal(photos.PhotoSources.from({ recipe: { id: 'r2' } }, files), null);
});
