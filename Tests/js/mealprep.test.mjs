// The page-side words of pantry coverage (Web/app/recipes-api.js) and of the Meal Prep
// screen's questions (Web/app/mealprep-api.js). Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
/** A page module loaded as a data: module, its one import (the API caller) stood in for. */
async function load(path) {
  const source = readFileSync(new URL(path, root), 'utf8')
    .replace("import { call } from './api.js';", 'const call = () => null;');
  assert.notEqual(source.indexOf('const call = () => null;'), -1, `the import in ${path} moved`);
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}
const recipes = await load('Web/app/recipes-api.js');
const mealPrep = await load('Web/app/mealprep-api.js');

const amount = (text) => ({ text });
const cases = [
  [{ status: 'covered', arithmetic: 'need 500 g, have 1 kg → covered', decision: 'skip', entry: 'flour' },
    'Covered: need 500 g, have 1 kg', 'skip'],
  [{ status: 'partlyCovered', arithmetic: 'need 500 g, have 200 g → buy 300 g', decision: 'buyPart', buy: amount('300 g'), entry: 'flour' },
    'Partly covered: need 500 g, have 200 g', 'buy 300 g'],
  [{ status: 'maybeCovered', reason: 'unitsDontMeet', have: amount('500 g'), need: amount('2'), decision: 'buyAll', buy: amount('2'), entry: 'onions' },
    "Maybe covered: have 500 g, need 2: these can't be compared", 'buy 2'],
  [{ status: 'maybeCovered', reason: 'noAmountRecorded', decision: 'buyAll', buy: amount('200 g'), entry: 'Rice' },
    'Maybe covered: Rice is in the pantry with no amount recorded', 'buy 200 g'],
  [{ status: 'notCovered', decision: 'buyAll', buy: amount('2'), entry: null, summary: 'not covered' },
    'Not in the pantry', 'buy 2'],
  [{ status: 'notCovered', decision: 'buyAll', buy: null, entry: 'Rice', summary: 'not covered (Rice is used up)' },
    'Not covered: Rice is used up', 'buy'],
];

test('each coverage reads as its status and arithmetic, beside what the list gets', () => {
  for (const [coverage, text, decision] of cases) {
    assert.equal(recipes.coverageText(coverage), text);
    assert.equal(recipes.decisionText(coverage), decision);
  }
  assert.equal(recipes.coverageText(null), '');
});

test('every doubt the server sends has words', () => {
  for (const doubt of ['unitsDontMeet', 'noAmount', 'sizesDiffer', 'optionalDiffers', 'alternativesDiffer', 'uncertainLine', 'namesDiffer']) {
    assert.notEqual(mealPrep.doubtText(doubt), 'they may differ', doubt);
  }
  assert.equal(mealPrep.doubtText('unitsDontMeet'), "the amounts don't add up");
});
