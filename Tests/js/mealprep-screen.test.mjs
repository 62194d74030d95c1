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
  const ApiError = class extends Error {};
  const reach = () => {
    if (server.unreachable) throw new ApiError("Can't reach Basket. Check the connection.");
  };
  return {
    ApiError,
    recipesApi: {
      all: async () => {
        reach();
        return { recipes: [{ id: 'soup', title: 'Soup' }] };
      },
    },
    draftOf: (state) => ({ recipes: state.chosen.map(({ id }) => ({ id })) }),
    // As the app's: recipes the library no longer has are left out.
    fromDraft: (draft, library) => ({
      chosen: draft.recipes.filter(({ id }) => library.some((recipe) => recipe.id === id))
        .map(({ id }) => ({ id, title: id, servings: null })),
    }),
    mealPrepApi: {
      draft: async () => {
        reach();
        return { draft: server.draft };
      },
      review: () => new Promise((resolve) => server.reviews.push(resolve)),
      keep: async (state, options) => {
        reach();
        server.sent.push({ keep: state.chosen.map(({ id }) => id), ...options });
        if (options.keepalive && server.losesKeptAlive) throw new Error('never arrived');
        server.draft = { recipes: state.chosen.map(({ id }) => ({ id })) };
      },
      drop: async (options) => {
        reach();
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
  globalThis.heard = new Map();
  globalThis.addEventListener = (name, handler) => globalThis.heard.set(name, handler);
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

test('choices kept on the phone wait, untouched, while Basket is out of reach, and are sent when it answers', async () => {
  const server = { draft: null, reviews: [], sent: [], unreachable: true };
  globalThis.standIns = standIns(server);
  const kept = phone();
  kept.set('basket:mealprep-unsent', JSON.stringify({ recipes: [{ id: 'soup' }] }));
  const { MealPrep } = await screenModule();
  const screen = new MealPrep();
  await screen.enter(); // opened offline: neither the recipes nor the draft can be read
  await screen.saving;
  assert.equal(screen.state.loaded, false);
  assert.match(screen.state.message, /Can't reach Basket/);
  assert.deepEqual(screen.state.chosen, [], 'nothing is shown as chosen');
  assert.deepEqual(server.sent, [], 'nothing is sent');
  assert.equal(kept.get('basket:mealprep-unsent'), JSON.stringify({ recipes: [{ id: 'soup' }] }),
    "the phone's choices are kept as they were");

  server.unreachable = false; // Basket answers again: the app hears its session
  globalThis.heard.get('basket:session')();
  for (let turn = 0; turn < 50 && !server.reviews.length; turn++) await settle();
  server.reviews[0]({ plan: { lines: [] } });
  await screen.saving;
  assert.equal(screen.state.loaded, true);
  assert.deepEqual(screen.state.chosen.map(({ id }) => id), ['soup']);
  assert.deepEqual(server.draft, { recipes: [{ id: 'soup' }] }, 'sent once Basket answers');
  assert.equal(kept.size, 0, 'the phone lets go of them once the store has them');
});
