// Runs Tests/cases/quick-add-cases.json against the phone's reader of typed lines, the core's
// ShoppingLine built for the browser (Web/app/rules.wasm), as
// Tests/BasketKitTests/QuickAddCaseTableTests.swift runs it against the core: the add bar reads
// a line the same way on every face. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import './rules.mjs';
import * as offline from '../../Web/app/offline.js';

const root = new URL('../../', import.meta.url);
const cases = JSON.parse(readFileSync(new URL('Tests/cases/quick-add-cases.json', root), 'utf8'));

/** An item as the table writes it, from what readLine answers. */
function row(item) {
  const amount = item.quantity
    ? { amount: item.quantity.amount, unit: item.quantity.unit === 'units' ? null : item.quantity.unit }
    : item.amount;
  if (!amount) return [item.name, null, null];
  const unit = { L: 'l' }[amount.unit] ?? amount.unit;
  const fields = [item.name, amount.amount, unit];
  if (amount.packSize) fields.push([amount.packSize.amount, amount.packSize.unit]);
  return fields;
}

test('the table has its rows', () => {
  assert.ok(cases.read.length >= 150);
});

test('every line reads as the table says', () => {
  for (const line of cases.read) {
    const reading = offline.readLine(line.text);
    if (line.refused) {
      assert.equal(reading.refused, line.refused, JSON.stringify(line.text));
      assert.ok(reading.message.length > 0);
      continue;
    }
    assert.equal(reading.refused, undefined, `${JSON.stringify(line.text)}: ${reading.message}`);
    assert.deepEqual(reading.items.map(row), line.items, JSON.stringify(line.text));
  }
});

test('what is being typed keeps its amount for the chips', () => {
  const typing = offline.typingLine('milk, 2 l ora');
  assert.deepEqual(typing.done.map((item) => item.name), ['milk']);
  assert.deepEqual(typing.quantity, { amount: 2, unit: 'L' });
  assert.equal(typing.query, 'ora');
  const amountOnly = offline.typingLine('2 tins ');
  assert.equal(amountOnly.query, '');
  assert.deepEqual(amountOnly.amount, { amount: 2, maxAmount: null, unit: 'tin' });
});
