// The web app's row of lists (Web/app/lists.js): reads of the lists that overlap, answered out
// of order. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
// Loaded as a data: module, so its one import (the API) is stood in for.
const source = readFileSync(new URL('Web/app/lists.js', root), 'utf8')
  .replace("import { api, ApiError } from './api.js';",
    'const api = globalThis.standInApi; class ApiError extends Error {}');
assert.notEqual(source.indexOf('globalThis.standInApi'), -1, 'the import to stand in for moved');

// A page with just enough of the DOM for the tabs: each element keeps its children.
function fakeElement() {
  return {
    children: [], dataset: {}, hidden: true, textContent: '',
    replaceChildren(...nodes) { this.children = nodes; },
    append(...nodes) { this.children.push(...nodes); },
    setAttribute() {}, addEventListener() {},
  };
}
const page = { 'lists-tabs': fakeElement(), 'lists-bar': fakeElement() };
globalThis.document = {
  getElementById: (id) => page[id],
  createElement: () => fakeElement(),
};
// Each read of the lists waits until the test answers it.
const answers = [];
globalThis.standInApi = { lists: () => new Promise((resolve) => answers.push(resolve)) };
const { ListsBar } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const tabNames = () => page['lists-tabs'].children.map((tab) => tab.children[0].textContent);

test('of two reads answered out of order, the later one asked is what the tabs show', async () => {
  const screen = { sync: { listId: null, list: null, store: { put() {}, get: async () => null } } };
  const bar = new ListsBar(screen);
  const first = bar.load(); // asked before a rename
  const second = bar.load(); // asked after it
  answers[1]({ lists: [{ id: 'a', name: 'Food', toGet: 0 }] });
  await second;
  answers[0]({ lists: [{ id: 'a', name: 'Groceries', toGet: 0 }] }); // the earlier read answers last
  await first;
  assert.deepEqual(tabNames(), ['Food']);
  assert.deepEqual(bar.lists.map((list) => list.name), ['Food']);
});

test('a read overtaken by a later one ends only when the later one has drawn', async () => {
  answers.length = 0;
  const screen = { sync: { listId: null, list: null, store: { put() {}, get: async () => null } } };
  const bar = new ListsBar(screen);
  let firstEnded = false;
  const first = bar.load().then(() => { firstEnded = true; });
  bar.load();
  answers[0]({ lists: [{ id: 'a', name: 'Old', toGet: 0 }] });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(firstEnded, false, 'ended before the lists it was asked for were drawn');
  answers[1]({ lists: [{ id: 'a', name: 'New', toGet: 2 }] });
  await first;
  assert.deepEqual(bar.lists.map((list) => list.name), ['New']);
});
