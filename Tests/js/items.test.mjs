// The web app's expandItem (Web/app/api.js) against Tests/cases/item-shapes.json, the items the
// server writes in API v3 and v2 (defaults left out) beside v1's (every member): filled in, a v2 item
// is the v1 item, so the page keeps one shape whichever version it read. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import './rules.mjs';
import { expandItem, expandItems } from '../../Web/app/api.js';

const cases = JSON.parse(readFileSync(new URL('../cases/item-shapes.json', import.meta.url), 'utf8'));

test('a v2 item filled in is the v1 item', () => {
  for (const { v2, v1 } of cases.items) {
    assert.deepEqual(expandItem(v2), v1, v2.name);
  }
});

test('a v3 item filled in is the v1 item, its times in milliseconds made text', () => {
  for (const { v3, v1 } of cases.items) {
    assert.equal(typeof v3.addedAt, 'number');
    assert.deepEqual(expandItem(v3), v1, v3.name);
  }
});

test('a v1 item (kept by an older page) is kept as it is', () => {
  for (const { v1 } of cases.items) assert.equal(expandItem(v1), v1);
});

test('lists and change notices have their items filled in', () => {
  const items = cases.items.map((row) => row.v3);
  const list = expandItems({ toGet: items, gotIt: [], revision: 3 });
  assert.deepEqual(list.toGet, cases.items.map((row) => row.v1));
  assert.equal(list.revision, 3);
  const notice = expandItems({ from: 2, revision: 3, items, removed: [] });
  assert.deepEqual(notice.items, cases.items.map((row) => row.v1));
  assert.equal(expandItems(null), null);
});
