// Runs Tests/cases/quantity-cases.json against the web app's Web/app/model.js under Node, as
// Tests/BasketKitTests/QuantityCaseTableTests.swift runs it against the core: model.js calls
// the core's own rules built for the browser (Web/app/rules.wasm), so this proves the phone
// runs the same code. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import './rules.mjs';
import * as model from '../../Web/app/model.js';

const root = new URL('../../', import.meta.url);
const cases = JSON.parse(readFileSync(new URL('Tests/cases/quantity-cases.json', root), 'utf8'));
const rules = new model.QuantityRules(cases.rules);

/** A table amount: a number, or "NaN", "Infinity", "-Infinity", "-0" as strings. */
const amount = (value) => (typeof value === 'string' ? Number(value) : value);
const quantity = ([value, unit]) => ({ amount: amount(value), unit });

/** Same amount (NaN equals NaN, -0 equals 0) and unit. */
function same(actual, expected, label) {
  const amountsMatch =
    actual.amount === expected.amount || (Number.isNaN(actual.amount) && Number.isNaN(expected.amount));
  assert.ok(amountsMatch && actual.unit === expected.unit,
    `${label}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

test('amounts read as the table says', () => {
  for (const [text, expected] of cases.amounts) {
    assert.equal(model.parseAmount(text), expected, JSON.stringify(text));
  }
});

test('unit words name the table\'s units', () => {
  for (const [word, expected] of cases.unitNamed) {
    assert.equal(rules.unitNamed(word), expected, JSON.stringify(word));
  }
});

test('the unit word is what follows the number', () => {
  for (const [text, expected] of cases.unitWord) {
    assert.equal(model.unitWord(text), expected, JSON.stringify(text));
  }
});

test('typed amounts follow the table', () => {
  for (const row of cases.typed) {
    same(rules.typed(row.text, quantity(row.current), row.allowed), quantity(row.expect),
      JSON.stringify(row));
  }
});

test('the stepper follows the table', () => {
  for (const row of cases.stepper) {
    const from = quantity(row.quantity);
    const result = row.press === 'up' ? rules.increment(from) : rules.decrement(from);
    same(result, quantity(row.expect), JSON.stringify(row));
  }
});

test('switching units follows the table', () => {
  for (const row of cases.switching) {
    same(rules.switching(quantity(row.quantity), row.to), quantity(row.expect), JSON.stringify(row));
  }
});

test('every number formats as the table says', () => {
  for (const [value, expected] of cases.format) {
    assert.equal(model.formatAmount(amount(value)), expected, JSON.stringify(value));
  }
});

test('chip text follows the table', () => {
  for (const [value, expected] of cases.chips) {
    assert.equal(model.chipText(quantity(value)), expected, JSON.stringify(value));
  }
});

const recipe = ([value, unit]) => ({ amount: amount(value), unit });

test('recipe amounts read as the table says', () => {
  for (const row of cases.recipeText) {
    const shown = { ...recipe(row.amount), ...(row.pack ? { packSize: recipe(row.pack) } : {}) };
    assert.equal(rules.recipe.text(shown), row.expect, JSON.stringify(row));
  }
});

test('recipe amounts step as the table says', () => {
  for (const row of cases.recipeStepper) {
    const result = rules.recipe.step(recipe(row.amount), row.press === 'up' ? 1 : -1);
    assert.equal(result.amount, row.expect, JSON.stringify(row));
    assert.equal(result.unit, row.amount[1]);
  }
});

test('typed recipe amounts follow the table', () => {
  for (const row of cases.recipeTyped) {
    assert.equal(rules.recipe.typed(row.text, recipe(row.current)).amount, row.expect, JSON.stringify(row));
  }
});
