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
  "import { fromDraft, mealPrepApi } from './mealprep-api.js';",
  "import { MealPrepView, MAX_RECIPES } from './mealprep-view.js';",
  "import { reviewChoices, skipLeftOut } from './plan-review-view.js';",
];
let source = readFileSync(new URL('Web/app/mealprep.js', root), 'utf8');
for (const line of imports) {
  assert.notEqual(source.indexOf(line), -1, `the import to stand in for moved: ${line}`);
  source = source.replace(line, '');
}
source = `const { ApiError, recipesApi, fromDraft, mealPrepApi, MealPrepView, MAX_RECIPES, reviewChoices,
  skipLeftOut } = globalThis.standIns;\n${source}`;

function standIns(server) {
  return {
    ApiError: class extends Error {},
    recipesApi: { all: async () => ({ recipes: [{ id: 'soup', title: 'Soup' }] }) },
    fromDraft: (draft) => ({ chosen: draft.recipes.map(({ id }) => ({ id, title: id, servings: null })) }),
    mealPrepApi: {
      draft: async () => ({ draft: server.draft }),
      review: () => new Promise((resolve) => server.reviews.push(resolve)),
      keep: async (state, options) => {
        server.sent.push({ keep: state.chosen.map(({ id }) => id), ...options });
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

test('a choice is sent at once, kept alive, when the screen is left before the plan is back', async () => {
  const server = { draft: null, reviews: [], sent: [] };
  globalThis.standIns = standIns(server);
  globalThis.document = { getElementById: () => null, addEventListener: () => {} };
  const { MealPrep } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
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
});
