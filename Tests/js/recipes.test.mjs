// The Recipes screen's page-side helpers (Web/app/recipes-api.js): which line an edit
// replaces, how a planned merge reads, which addresses become links. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
// Loaded as a data: module, so its one import (the API caller and its error) is stood in for.
const source = readFileSync(new URL('Web/app/recipes-api.js', root), 'utf8')
  .replace("import { ApiError, call, onList } from './api.js';", 'const call = () => null, onList = (path) => path; class ApiError extends Error {}')
  .replace("import { targetList } from './lists.js';", 'const targetList = () => null;');
assert.notEqual(source.indexOf('const call = () => null,'), -1, 'the import to stand in for moved');
const recipes = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

test('an edit replaces the line at its position counted across the groups', () => {
  const line = (text) => ({ text, name: text });
  const recipe = {
    title: 'Pie',
    ingredientGroups: [
      { heading: 'Pastry', ingredients: [line('flour'), line('butter')] },
      { heading: 'Filling', ingredients: [line('apples'), line('sugar')] },
    ],
  };
  const edited = recipes.replaceLine(recipe, 2, line('pears'));
  assert.deepEqual(edited.ingredientGroups[1].ingredients.map((l) => l.text), ['pears', 'sugar']);
  assert.deepEqual(edited.ingredients.map((l) => l.text), ['flour', 'butter', 'pears', 'sugar']);
  assert.equal(recipe.ingredientGroups[1].ingredients[0].text, 'apples', 'the original is left alone');
});

const outcomes = [
  [{ outcome: 'added', itemName: 'eggs', after: '4' }, 'New item: eggs (4)'],
  [{ outcome: 'added', itemName: 'salt', after: null }, 'New item: salt'],
  [{ outcome: 'merged', merge: 'summed', itemName: 'flour', before: '500 g', after: '900 g' },
    'Joins flour: 500 g → 900 g (added up)'],
  [{ outcome: 'merged', merge: 'converted', item: { name: 'flour', amountText: '≈ 625 g, converted' }, before: '500 g' },
    'Joins flour: 500 g → ≈ 625 g, converted (converted by density)'],
  // An API v2 item leaves out an amount text that reads as its chip.
  [{ outcome: 'merged', merge: 'summed', item: { name: 'flour', chip: '900 g' }, before: '500 g' },
    'Joins flour: 500 g → 900 g (added up)'],
  [{ outcome: 'merged', merge: 'noAmount', itemName: 'salt', before: null, after: null }, 'Joins salt (no amount to add)'],
  [{ outcome: 'restored', itemName: 'milk' }, 'Back from Got it: milk'],
  [{ outcome: 'skipped' }, 'Skipped'],
  [{ outcome: 'refused', reason: 'the name is empty' }, 'Not added: the name is empty'],
];

for (const [line, expected] of outcomes) {
  test(`a ${line.outcome} line reads "${expected}"`, () => {
    assert.equal(recipes.outcomeText(line), expected);
  });
}

test('only http and https addresses become links', () => {
  assert.equal(recipes.safeAddress('https://example.org/pie'), 'https://example.org/pie');
  assert.equal(recipes.safeAddress('http://example.org/'), 'http://example.org/');
  assert.equal(recipes.safeAddress('javascript:alert(1)'), null);
  assert.equal(recipes.safeAddress('data:text/html,<b>x</b>'), null);
  assert.equal(recipes.safeAddress('not an address'), null);
});

test("the header's yield follows the chosen servings", () => {
  assert.equal(recipes.yieldsFor('4 servings', 4, 6), '6 servings');
  assert.equal(recipes.yieldsFor('Serves 4', 4, 8), 'Serves 8');
  assert.equal(recipes.yieldsFor('4 servings', 4, 1), '1 serving');
  assert.equal(recipes.yieldsFor('1 serving', 1, 3), '3 servings');
  assert.equal(recipes.yieldsFor('Makes 12 cookies', 12, 24), 'Makes 24 cookies');
  assert.equal(recipes.yieldsFor('Serves 4', 4, 4), 'Serves 4');
  assert.equal(recipes.yieldsFor('Serves 4', null, 4), 'Serves 4');
  // A number that can't be told apart in the text: the chosen servings go first.
  assert.equal(recipes.yieldsFor('4-6 servings', 4, 8), '8 servings (written: 4-6 servings)');
  assert.equal(recipes.yieldsFor('serves 14', 4, 5), '5 servings (written: serves 14)');
});

test('a recipe the reader is unsure of shows why, the page text and what was read', () => {
  const recipe = {
    ingredientGroups: [
      { heading: null, ingredients: [{ text: '2 eggs' }] },
      { heading: 'Sauce', ingredients: [{ text: '1 cup milk' }] },
    ],
    instructions: ['Whisk.'],
    doubt: { reason: 'This page has no recipe markup, and no method was found.', pageText: ['Eggs', '2 eggs'] },
  };
  assert.deepEqual(recipes.doubtFor(recipe), {
    reason: 'This page has no recipe markup, and no method was found.',
    page: ['Eggs', '2 eggs'],
    read: ['2 eggs', 'Sauce:', '1 cup milk', 'Whisk.'],
  });
  assert.equal(recipes.doubtFor({ ...recipe, doubt: null }), null);
  assert.equal(recipes.doubtFor({ ingredientGroups: [] }), null);
});


test('a library import reads as what was imported, skipped and refused', () => {
  const summary = (imported, duplicates, failed) => ({
    imported: Array(imported).fill({}), duplicates: Array(duplicates).fill(''), failed: Array(failed).fill({}),
  });
  assert.equal(recipes.librarySummaryText(summary(12, 0, 0)), '12 imported');
  assert.equal(recipes.librarySummaryText(summary(10, 3, 2)), '10 imported · 3 already here · 2 not imported');
  assert.equal(recipes.librarySummaryText(summary(0, 12, 0)), '0 imported · 12 already here');
});
