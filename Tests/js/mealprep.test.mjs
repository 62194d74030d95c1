// The page-side words of the Meal Prep screen's questions (Web/app/mealprep-api.js); pantry
// coverage's words are the core's (PantryCoverageTextTests). Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
/** A page module loaded as a data: module, its one import (the API caller) stood in for. */
async function load(path) {
  const source = readFileSync(new URL(path, root), 'utf8')
    .replace("import { call, onList } from './api.js';", 'const call = () => null, onList = (path) => path;')
    .replace("import { targetList } from './lists.js';", 'const targetList = () => null;');
  assert.notEqual(source.indexOf('const call = () => null,'), -1, `the import in ${path} moved`);
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}
const mealPrep = await load('Web/app/mealprep-api.js');

test('every doubt the server sends has words', () => {
  for (const doubt of ['unitsDontMeet', 'noAmount', 'sizesDiffer', 'optionalDiffers', 'alternativesDiffer', 'uncertainLine', 'namesDiffer']) {
    assert.notEqual(mealPrep.doubtText(doubt), 'they may differ', doubt);
  }
  assert.equal(mealPrep.doubtText('unitsDontMeet'), "the amounts don't add up");
});
