// The Meal Prep screen's keeping of its choices (Web/app/mealprep.js): when they are sent to
// the store, and that an old screen's plan coming back never sends a newer screen's.
// Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
// Loaded as a data: module, its imports stood in for (the server, the drawing).
const imports = [
  "import { ApiError } from './api.js';",
  "import { recipesApi } from './recipes-api.js';",
  "import { draftOf, fromDraft, mealPrepApi } from './mealprep-api.js';",
  "import { MealPrepView, MAX_RECIPES } from './mealprep-view.js';",
  "import { reviewChoices, skipLeftOut } from './plan-review-view.js';",
];
let source = readFileSync(new URL('Web/app/mealprep.js', root), 'utf8');
for (const line of imports) {
  assert.notEqual(source.indexOf(line), -1, `the import to stand in for moved: ${line}`);
  source = source.replace(line, '');
}
source = `const { ApiError, recipesApi, draftOf, fromDraft, mealPrepApi, MealPrepView, MAX_RECIPES,
  reviewChoices, skipLeftOut } = globalThis.standIns;\n${source}`;
// NB: each test loads its own copy, which takes that test's stand-ins.
let copies = 0;
const screenModule = () =>
  import(`data:text/javascript;base64,${Buffer.from(`${source}\n// ${++copies}`).toString('base64')}`);

function standIns(server) {
  return {
    ApiError: class extends Error {},
    recipesApi: { all: async () => ({ recipes: [{ id: 'soup', title: 'Soup' }] }) },
    draftOf: (state) => ({ recipes: state.chosen.map(({ id }) => ({ id })) }),
    fromDraft: (draft) => ({ chosen: draft.recipes.map(({ id }) => ({ id, title: id, servings: null })) }),
    mealPrepApi: {
      draft: async () => ({ draft: server.draft }),
      review: () => new Promise((resolve) => server.reviews.push(resolve)),
      keep: async (state, options) => {
        server.sent.push({ keep: state.chosen.map(({ id }) => id), ...options });
        if (options.keepalive && server.losesKeptAlive) throw new Error('never arrived');
        server.draft = { recipes: state.chosen.map(({ id }) => ({ id })) };
      },
      drop: async (options) => {
        server.sent.push({ drop: true, ...options });
        server.draft = null;
      },
    },
    MealPrepView: class {
      constructor() {
        this.area = { hidden: false, querySelector: () => null };
      }
      draw() {}
    },
    MAX_RECIPES: 5,
    reviewChoices: () => ({}),
    skipLeftOut: () => false,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function phone() {
  const kept = new Map();
  globalThis.localStorage = {
    getItem: (key) => kept.get(key) ?? null,
    setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
  };
  globalThis.document = { getElementById: () => null, addEventListener: () => {} };
  return kept;
}

test('a choice is sent at once, kept alive, when the screen is left before the plan is back', async () => {
  const server = { draft: null, reviews: [], sent: [] };
  globalThis.standIns = standIns(server);
  const kept = phone();
  const { MealPrep } = await screenModule();
  const screen = new MealPrep();
  await screen.enter();
  screen.handlers().onChoose({ id: 'soup', title: 'Soup' }, true);
  screen.leave(); // the plan is still being asked for
  assert.deepEqual(server.sent, [{ keep: ['soup'], keepalive: true }]);

  // Opened again; the old screen's plan comes back while the new one reads the draft.
  const entering = screen.enter();
  server.reviews[0]({ plan: { lines: [] } });
  while (server.reviews.length < 2) await settle(); // the new screen asks for its own plan
  server.reviews[1]({ plan: { lines: [] } });
  await entering;
  await settle();
  assert.equal(screen.unsaved, null, "the old plan's answer scheduled no keeping of the new screen");
  assert.deepEqual(screen.state.chosen.map(({ id }) => id), ['soup']);
  assert.deepEqual(server.draft, { recipes: [{ id: 'soup' }] });
  screen.leave();
  assert.equal(server.sent.length, 1, 'nothing unsaved, nothing sent');
  assert.equal(kept.size, 0, 'the phone lets go of choices the store has');
});

test('choices whose send was lost as the page went away come back from the phone and are sent again', async () => {
  const server = { draft: null, reviews: [], sent: [], losesKeptAlive: true };
  globalThis.standIns = standIns(server);
  phone();
  const { MealPrep } = await screenModule();
  const before = new MealPrep();
  await before.enter();
  before.handlers().onChoose({ id: 'soup', title: 'Soup' }, true);
  before.flush(); // the page goes away; its send never reaches the store
  assert.equal(server.draft, null);

  const after = new MealPrep(); // the page opened again
  const entering = after.enter();
  // Each page asks for its plan (the new one only if it has choices).
  for (let turn = 0; turn < 50 && server.reviews.length < 2; turn++) await settle();
  for (const answer of server.reviews) answer({ plan: { lines: [] } });
  await entering;
  await after.saving;
  assert.deepEqual(after.state.chosen.map(({ id }) => id), ['soup']);
  assert.deepEqual(server.draft, { recipes: [{ id: 'soup' }] }, 'sent again once the page is back');
});
