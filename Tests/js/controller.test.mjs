// The page's opening (Web/app/controller.js): with the server hanging, the phone's list is said
// to be offline within the opening's patience, counted from when the page began opening.
// Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
// Loaded as a data: module, so its imports are stood in for.
const imports = [
  "import { api, ApiError, showList, watchChanges } from './api.js';",
  "import { QuantityRules } from './model.js';",
  "import { Lexicon, Outbox, defaultRules } from './offline.js';",
  "import { ListScreen } from './list.js';",
  "import { ListsBar } from './lists.js';",
];
let source = readFileSync(new URL('Web/app/controller.js', root), 'utf8');
for (const line of imports) {
  assert.notEqual(source.indexOf(line), -1, `the import to stand in for moved: ${line}`);
  source = source.replace(line, '');
}
source = `const { api, ApiError, ListScreen } = globalThis.standIn;\n${source}`;
globalThis.standIn = {
  api: { session: () => new Promise(() => {}) }, // a server that accepts and never answers
  ApiError: class extends Error {},
  ListScreen: class {},
};
const { Controller } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

test('a slow opening says Offline within the patience counted from the opening', (t) => {
  const waits = []; // how long each timer set waits, in ms
  t.mock.method(globalThis, 'setTimeout', (run, ms) => waits.push(ms));
  globalThis.location = { search: '' };
  // The page has spent 300 ms opening (reading the phone's copy, say) before asking the server.
  t.mock.method(performance, 'now', () => 300);
  const controller = new Controller();
  controller.introduce();
  assert.deepEqual(waits, [150], 'Offline 450 ms after the page began opening');
  // Asked again later (a retry), it waits its whole patience.
  controller.introduce();
  assert.deepEqual(waits, [150, 450]);
});
