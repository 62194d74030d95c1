// Draws the Meal Prep screen: the recipes to choose from, the chosen ones with servings, the
// merged plan (each line's sources, the questions about lines that may be one food, what the
// pantry covers) and the result of adding it. Text goes in as text nodes (template.js).

import { ScreenView, columns, h, screenHead } from './template.js';
import { planResult, planReview } from './plan-review-view.js';

export const MAX_RECIPES = 5;

export class MealPrepView extends ScreenView {
  constructor() {
    super('mealprep-area');
  }

  /** Draws the screen for `state`, its controls calling `ui`. */
  draw(state, ui) {
    super.draw(...this.screen(state, ui));
  }

  screen(state, ui) {
    const chosenIds = new Set(state.chosen.map((recipe) => recipe.id));
    const full = state.chosen.length >= MAX_RECIPES;
    return [
      ...screenHead('mealprep', 'Meal Prep', state.message, state.isError),
      columns([h('section', { class: 'card', 'aria-labelledby': 'mealprep-choose-title' },
        h('h3', { id: 'mealprep-choose-title', class: 'section-title small' },
          `Choose 1 to ${MAX_RECIPES} recipes (${state.chosen.length} chosen)`),
        state.all.length
          ? h('ul', { class: 'mealprep-choices' }, state.all.map((summary) => {
              const checked = chosenIds.has(summary.id);
              return h('li', {},
                h('label', { class: 'mealprep-choice' },
                  h('input', {
                    type: 'checkbox', checked, disabled: full && !checked,
                    dataset: { focusKey: `choose:${summary.id}` },
                    onchange: (event) => ui.onChoose(summary, event.target.checked),
                  }),
                  ` ${summary.title}`));
            }))
          : state.loaded
            ? h('p', { class: 'recipes-none' }, 'No recipes yet: import some on the Recipes screen.')
            : [h('p', { class: 'recipes-none' }, 'Your recipes show here once Basket can be reached.'),
                h('button', { type: 'button', class: 'button small', onclick: () => ui.onRetry() }, 'Try again')]),
      state.chosen.length ? this.servings(state, ui) : null],
      [state.plan ? this.plan(state, ui) : null, state.result ? this.result(state.result) : null]),
    ];
  }

  servings(state, ui) {
    const planned = state.plan ? state.plan.recipes : [];
    return h('section', { class: 'card', 'aria-labelledby': 'mealprep-servings-title' },
      h('h3', { id: 'mealprep-servings-title', class: 'section-title small' }, 'Servings'),
      h('ul', { class: 'mealprep-servings' }, state.chosen.map((recipe, at) => {
        const servings = recipe.servings || (planned[at] && planned[at].servings);
        return h('li', { class: 'mealprep-recipe' },
          h('span', { class: 'recipe-name' }, recipe.title),
          servings
            ? h('div', { class: 'stepper servings', role: 'group', 'aria-label': `Servings of ${recipe.title}` },
                h('button', {
                  type: 'button', class: 'step', 'aria-label': `Fewer servings of ${recipe.title}`, disabled: servings <= 1,
                  dataset: { focusKey: `fewer:${recipe.id}` }, onclick: () => ui.onServings(recipe.id, servings - 1),
                }, '−'),
                h('span', { class: 'amount', 'aria-live': 'polite' }, `${servings} ${servings === 1 ? 'serving' : 'servings'}`),
                h('button', {
                  type: 'button', class: 'step', 'aria-label': `More servings of ${recipe.title}`, disabled: servings >= 1000,
                  dataset: { focusKey: `more:${recipe.id}` }, onclick: () => ui.onServings(recipe.id, servings + 1),
                }, '＋'))
            : h('span', { class: 'recipes-none' }, 'as written'));
      })));
  }

  plan(state, ui) {
    return planReview(state, ui, 'mealprep');
  }

  result(plan) {
    return planResult(plan, 'mealprep');
  }
}
