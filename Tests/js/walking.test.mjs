// The web app's walking order (Web/app/walking.js): To get laid out in the walk's aisles, and
// the order an item or an aisle moved leaves. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
// Loaded as a data: module, so its one import (the API caller) is stood in for.
const source = readFileSync(new URL('Web/app/walking.js', root), 'utf8')
  .replace("import { call } from './api.js';", 'const call = (...args) => globalThis.standIn(...args);');
assert.notEqual(source.indexOf('globalThis.standIn'), -1, 'the import to stand in for moved');
const walking = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const item = (id) => ({ id, name: id });
const toGet = ['apples', 'milk', 'bread', 'cheese', 'tofu'].map(item);
const stretches = [
  { category: 'bakery', title: 'Bakery', items: ['bread'] },
  { category: 'dairy', title: 'Dairy', items: ['milk', 'cheese', 'yoghurt'] },
  { category: 'produce', title: 'Produce', items: ['apples'] },
];
const shown = (entries) => entries.map((entry) => (entry.heading ? `# ${entry.title}` : entry.id));

test('To get is laid out in the walk, with what it has not placed last', () => {
  assert.deepEqual(shown(walking.arrange(toGet, stretches)), [
    '# Bakery', 'bread', '# Dairy', 'milk', 'cheese', '# Produce', 'apples', '# Not placed yet', 'tofu',
  ]);
  // An aisle with nothing left to get shows no heading.
  assert.deepEqual(shown(walking.arrange([item('apples')], stretches)), ['# Produce', 'apples']);
});

test('an item moves among items, across aisles, and not past either end', () => {
  const entries = walking.arrange(toGet, stretches);
  assert.deepEqual(walking.moveItem(entries, 'apples', -1), ['bread', 'milk', 'apples', 'cheese', 'tofu']);
  assert.deepEqual(walking.moveItem(entries, 'apples', -9), ['apples', 'bread', 'milk', 'cheese', 'tofu']);
  assert.equal(walking.moveItem(entries, 'bread', -1), null);
  assert.equal(walking.moveItem(entries, 'tofu', 1), null);
  assert.equal(walking.moveItem(entries, 'gone', 1), null);
});

test('an aisle moves with all its items', () => {
  const entries = walking.arrange(toGet, stretches);
  const dairy = entries.find((entry) => entry.title === 'Dairy').id;
  assert.deepEqual(walking.moveAisle(entries, dairy, -1), ['milk', 'cheese', 'bread', 'apples', 'tofu']);
  assert.deepEqual(walking.moveAisle(entries, dairy, 2), ['bread', 'apples', 'tofu', 'milk', 'cheese']);
  assert.equal(walking.moveAisle(entries, dairy, 3), null);
  assert.equal(walking.moveAisle(entries, entries[0].id, -1), null);
});

test('a moved order keeps each item under its aisle heading', () => {
  assert.deepEqual(walking.reorder(stretches, ['apples', 'bread', 'milk', 'cheese', 'tofu']), [
    { category: 'produce', title: 'Produce', items: ['apples'] },
    { category: 'bakery', title: 'Bakery', items: ['bread'] },
    { category: 'dairy', title: 'Dairy', items: ['milk', 'cheese'] },
    { category: null, title: 'Not placed yet', items: ['tofu'] },
  ]);
});

test('a shop added while the walk is being read is there once adding it ends', async () => {
  // The server: its shops, and a read of them that the test answers when it likes.
  const server = { shops: [], current: null };
  const held = [];
  globalThis.standIn = async (method, path, body) => {
    if (method === 'GET' && path === '/api/v3/shops') {
      const answer = { shops: [...server.shops], current: server.current }; // read when asked
      if (held.length === 0) await new Promise((resolve) => held.push(resolve));
      return answer;
    }
    if (method === 'GET') return { stretches: [] };
    if (method === 'POST') server.shops.push({ id: 's1', name: body.name });
    if (method === 'PUT') server.current = 's1';
    return {};
  };
  globalThis.localStorage = { getItem: () => 'on', setItem: () => {} };
  globalThis.document = { addEventListener: () => {} };
  const walk = new walking.Walking({ onChange: () => {} });
  const before = walk.load(); // a live update's read, begun before the shop is added
  await new Promise((resolve) => setImmediate(resolve));
  const adding = walk.addShop('Corner shop');
  await new Promise((resolve) => setImmediate(resolve));
  held[0](); // the early read answers with no shops
  await before;
  assert.equal(await adding, true);
  assert.deepEqual(walk.shops.map((shop) => shop.name), ['Corner shop']);
  assert.equal(walk.shop?.name, 'Corner shop');
});
