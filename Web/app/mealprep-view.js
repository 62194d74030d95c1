// Draws the Meal Prep screen: the recipes to choose from, the chosen ones with servings, the
// merged plan (each line's sources, the questions about lines that may be one food, what the
// pantry covers) and the result of adding it. Text goes in as text nodes (template.js).

import { columns, h, redraw } from './template.js';
import { outcomeText } from './recipes-api.js';
import { doubtText } from './mealprep-api.js';
import { coverageBlock } from './coverage-view.js';

export const MAX_RECIPES = 5;

const $ = (id) => document.getElementById(id);

export class MealPrepView {
  constructor() {
    this.area = $('mealprep-area');
  }

  /** Shows the screen instead of the list (and the Recipes screen), or hands the page back. */
  show(visible) {
    this.area.hidden = !visible;
    if (visible) {
      for (const id of ['list-area', 'add-bar', 'recipes-area']) $(id).hidden = true;
    } else if (!location.hash.startsWith('#/recipes') && !['#/pantry', '#/trip'].includes(location.hash)) {
      for (const id of ['list-area', 'add-bar']) $(id).hidden = false;
    }
  }

  /** Replaces the screen, keeping focus on the control that had it. */
  draw(state, ui) {
    redraw(this.area, ...this.screen(state, ui));
  }

  screen(state, ui) {
    const chosenIds = new Set(state.chosen.map((recipe) => recipe.id));
    const full = state.chosen.length >= MAX_RECIPES;
    return [
      h('div', { class: 'recipes-head' },
        h('h2', { id: 'mealprep-title', class: 'section-title', tabindex: '-1' }, 'Meal Prep')),
      h('p', {
        id: 'mealprep-status', class: state.isError ? 'recipes-status error' : 'recipes-status',
        role: state.isError ? 'alert' : 'status',
      }, state.message || ''),
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
          : h('p', { class: 'recipes-none' }, 'No recipes yet: import some on the Recipes screen.')),
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
    const { plan } = state;
    const open = plan.questions.filter((question) => !question.answer);
    const answered = plan.questions.filter((question) => question.answer);
    const skipped = plan.lines.filter((line) => line.skipped).length;
    return h('section', { class: 'card ready mealprep-plan', 'aria-labelledby': 'mealprep-plan-title' },
      h('h3', { id: 'mealprep-plan-title', class: 'section-title small' }, 'The plan'),
      open.length
        ? h('div', { class: 'mealprep-questions', role: 'group', 'aria-labelledby': 'mealprep-questions-title' },
            h('h4', { id: 'mealprep-questions-title', class: 'group-heading' }, 'Maybe the same food?'),
            h('ul', {}, open.map((question) => this.question(question, ui))))
        : null,
      h('ul', { class: 'review-lines mealprep-lines', 'aria-label': 'Ingredients of the plan' },
        plan.lines.map((line) => this.line(state, line, ui))),
      answered.length
        ? h('ul', { class: 'mealprep-answered' }, answered.map((question) => h('li', {},
            `${question.answer === 'merge' ? 'Merged' : 'Kept apart'}: ${question.names.join(' and ')} `,
            h('button', {
              type: 'button', class: 'button small quiet', dataset: { focusKey: `again:${question.id}` },
              onclick: () => ui.onAnswer(question.id, null),
            }, 'Ask again'))))
        : null,
      h('div', { class: 'ready-actions' },
        h('button', {
          type: 'button', id: 'mealprep-add', class: 'button', disabled: state.busy,
          dataset: { focusKey: 'mealprep-add' }, onclick: () => ui.onAdd(),
        }, `Add to list (${plan.lines.length - skipped} of ${plan.lines.length})`)));
  }

  question(question, ui) {
    const [first, second] = question.names;
    const [a, b] = question.lines;
    return h('li', { class: 'mealprep-question', dataset: { question: question.id } },
      h('p', {}, `Line ${a} “${first}” and line ${b} “${second}” may be one food (${doubtText(question.doubt)}).`),
      h('button', {
        type: 'button', class: 'button small', dataset: { focusKey: `merge:${question.id}` },
        'aria-label': `Merge ${first} and ${second}`, onclick: () => ui.onAnswer(question.id, 'merge'),
      }, 'Merge'),
      ' ',
      h('button', {
        type: 'button', class: 'button small quiet', dataset: { focusKey: `apart:${question.id}` },
        'aria-label': `Keep ${first} and ${second} apart`, onclick: () => ui.onAnswer(question.id, 'keepApart'),
      }, 'Keep apart'));
  }

  line(state, line, ui) {
    const skipped = state.skip.has(line.id);
    const name = line.name;
    return h('li', {
      class: `review-line plan-line${line.uncertain ? ' uncertain' : ''}${skipped ? ' skipped' : ''}`,
      dataset: { line: line.id },
    },
      h('input', {
        type: 'checkbox', class: 'include', checked: !skipped, 'aria-label': `Add ${name}`,
        dataset: { focusKey: `include:${line.id}` }, onchange: (event) => ui.onSkip(line.id, !event.target.checked),
      }),
      h('div', { class: 'line-body' },
        h('span', { class: 'understood' },
          h('span', { class: 'line-number' }, `${line.number}. `),
          h('span', { class: 'line-amount' }, line.amountText || '—'), ' ',
          h('span', { class: 'line-name' }, name),
          line.merged ? h('span', { class: 'tag' }, 'merged') : null,
          line.uncertain ? h('span', { class: 'tag warn' }, 'maybe the same as another line') : null,
          line.flag === 'uncertain' ? h('span', { class: 'tag warn' }, 'check this') : null,
          line.leftOut ? h('span', { class: 'tag' }, line.leftOut) : null),
        h('p', { class: 'sources' }, line.sourcesText),
        line.parts.map((part, at) => [
          part.outcome ? h('p', { class: `plan ${part.outcome}` }, outcomeText(part)) : null,
          coverageBlock(part.coverage, {
            name: line.parts.length > 1 ? `${name} (${part.text})` : name,
            override: state.overrides[line.id] || '',
            onOverride: (value) => ui.onOverride(line.id, value),
            key: `override:${line.id}:${at}`,
          }),
        ])));
  }

  result(plan) {
    const parts = plan.lines.flatMap((line) => line.parts).filter((part) => part.outcome && part.outcome !== 'skipped');
    const added = parts.filter((part) => part.outcome === 'added' || part.outcome === 'restored').length;
    const merged = parts.filter((part) => part.outcome === 'merged').length;
    return h('section', { class: 'card result', 'aria-labelledby': 'mealprep-result-title' },
      h('h3', { id: 'mealprep-result-title', class: 'section-title small', tabindex: '-1' },
        `On the list: ${added} new, ${merged} merged`),
      h('ul', { class: 'result-lines' }, parts.map((part) => h('li', { class: `plan ${part.outcome}` }, outcomeText(part)))),
      h('a', { class: 'button small', href: '#/' }, 'See the list'));
  }
}
