// Draws a merged shopping plan (the server's MealPlanJSON) for review: the questions about
// lines that may be one food, each line with its sources and what the pantry covers, and the
// result of adding it. Meal Prep and the Week's shop draw it the same; `prefix` keeps the ids
// of each screen apart. Text goes in as text nodes (template.js).

import { h } from './template.js';
import { outcomeText } from './recipes-api.js';
import { doubtText } from './mealprep-api.js';
import { coverageBlock } from './coverage-view.js';
import { listPicker } from './lists.js';
import { lineStatus } from './recipes-view.js';

/**
 * The plan card: `state` holds {plan, skip: Set, overrides: {}, opened: Set, busy}; `ui` has
 * onAnswer, onSkip, onOverride, onOpen (a line's details shown or not) and onAdd.
 */
export function planReview(state, ui, prefix, title = 'The plan') {
  const { plan } = state;
  const open = plan.questions.filter((question) => !question.answer);
  const answered = plan.questions.filter((question) => question.answer);
  const skipped = plan.lines.filter((line) => line.skipped).length;
  return h('section', { class: 'card ready mealprep-plan', 'aria-labelledby': `${prefix}-plan-title` },
    h('h3', { id: `${prefix}-plan-title`, class: 'section-title small' }, title),
    open.length
      ? h('div', { class: 'mealprep-questions', role: 'group', 'aria-labelledby': `${prefix}-questions-title` },
          h('h4', { id: `${prefix}-questions-title`, class: 'group-heading' }, 'Maybe the same food?'),
          h('ul', {}, open.map((question) => questionItem(question, ui))))
      : null,
    h('ul', { class: 'review-lines mealprep-lines', 'aria-label': 'Ingredients of the plan' },
      plan.lines.map((line) => lineItem(state, line, ui))),
    answered.length
      ? h('ul', { class: 'mealprep-answered' }, answered.map((question) => h('li', {},
          `${question.answer === 'merge' ? 'Merged' : 'Kept apart'}: ${question.names.join(' and ')} `,
          h('button', {
            type: 'button', class: 'button small quiet', dataset: { focusKey: `again:${question.id}` },
            onclick: () => ui.onAnswer(question.id, null),
          }, 'Ask again'))))
      : null,
    addActions(state, ui, prefix, `Add to list (${plan.lines.length - skipped} of ${plan.lines.length})`));
}

/**
 * Add to list; once the plan is on the list, "Add again…", which asks first: a second tap
 * never adds everything twice by accident (amounts would add up).
 */
function addActions(state, ui, prefix, label) {
  const added = Boolean(state.result);
  if (added && state.confirming) {
    return h('div', {
      class: 'add-again', role: 'group', 'aria-labelledby': `${prefix}-again-question`,
      onkeydown: (event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        ui.onConfirmAgain(false);
      },
    },
      h('p', { id: `${prefix}-again-question`, class: 'add-again-question' },
        'This plan is on the list already. Add its amounts again?'),
      h('div', { class: 'ready-actions' },
        h('button', {
          type: 'button', id: `${prefix}-add-again`, class: 'button', disabled: state.busy,
          dataset: { focusKey: `${prefix}-add-again` }, onclick: () => ui.onAdd(),
        }, 'Add again'),
        h('button', {
          type: 'button', class: 'button quiet', dataset: { focusKey: `${prefix}-again-cancel` },
          onclick: () => ui.onConfirmAgain(false),
        }, 'Cancel')));
  }
  return h('div', { class: 'ready-actions' },
    listPicker(`${prefix}-list`),
    h('button', {
      type: 'button', id: `${prefix}-add`, class: 'button', disabled: state.busy,
      dataset: { focusKey: `${prefix}-add` },
      onclick: () => (added ? ui.onConfirmAgain(true) : ui.onAdd()),
    }, added ? 'Add again…' : label));
}

function questionItem(question, ui) {
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

function lineItem(state, line, ui) {
  const skipped = state.skip.has(line.id);
  const name = line.name;
  const flag = line.flag === 'uncertain' || line.uncertain ? 'uncertain' : null;
  // One line per ingredient, as in Recipe Ready: tick, amount, name and what happens to it;
  // where it comes from, the list's outcome and the pantry's arithmetic a tap away. A line that
  // needs a look shows them at once.
  const opened = state.opened instanceof Set && state.opened.has(line.id);
  const open = flag === 'uncertain' || opened;
  const statuses = line.parts.length
    ? line.parts.map((part) => lineStatus(part, line, skipped, flag))
    : [lineStatus(null, line, skipped, flag)];
  const shown = skipped ? statuses.slice(0, 1) : statuses;
  const changes = line.parts.filter((part) => part.outcome && !['added', 'skipped'].includes(part.outcome));
  return h('li', {
    class: `review-line plan-line${line.uncertain ? ' uncertain' : ''}${skipped ? ' skipped' : ''}${open ? ' open' : ''}`,
    dataset: { line: line.id },
  },
    h('input', {
      type: 'checkbox', class: 'include', checked: !skipped, 'aria-label': `Add ${name}`,
      dataset: { focusKey: `include:${line.id}` }, onchange: (event) => ui.onSkip(line.id, !event.target.checked),
    }),
    h('div', { class: 'line-body' },
      h('div', { class: 'line-main' },
        h('span', { class: 'line-what' },
          h('span', { class: 'understood' },
            h('span', { class: 'line-amount' }, line.amountText || '—'), ' ',
            h('span', { class: 'line-name' }, name),
            line.merged ? h('span', { class: 'tag' }, 'merged') : null,
            line.uncertain ? h('span', { class: 'tag warn' }, 'maybe the same as another line') : null),
          ' ',
          shown.map((status) => h('span', { class: `line-status ${status.kind}` }, status.text))),
        h('button', {
          type: 'button', class: 'line-more', 'aria-expanded': open ? 'true' : 'false',
          'aria-controls': `plan-line-details-${line.id}`, 'aria-label': `Details of ${name}`,
          dataset: { focusKey: `more:${line.id}` }, onclick: () => ui.onOpen && ui.onOpen(line.id, !opened),
        }, open ? '▾' : '▸')),
      changes.map((part) => h('p', { class: `plan ${part.outcome}` }, outcomeText(part))),
      h('div', { class: 'line-details', id: `plan-line-details-${line.id}`, hidden: !open },
        h('p', { class: 'sources' }, line.sourcesText),
        line.parts.map((part, at) => [
          part.outcome && !changes.includes(part) ? h('p', { class: `plan ${part.outcome}` }, outcomeText(part)) : null,
          coverageBlock(part.coverage, {
            name: line.parts.length > 1 ? `${name} (${part.text})` : name,
            override: state.overrides[line.id] || '',
            onOverride: (value) => ui.onOverride(line.id, value),
            key: `override:${line.id}:${at}`,
          }),
        ]))));
}

/** What adding the plan did: the lines as they went on the list. */
export function planResult(plan, prefix) {
  const parts = plan.lines.flatMap((line) => line.parts).filter((part) => part.outcome && part.outcome !== 'skipped');
  const added = parts.filter((part) => part.outcome === 'added' || part.outcome === 'restored').length;
  const merged = parts.filter((part) => part.outcome === 'merged').length;
  return h('section', { class: 'card result', 'aria-labelledby': `${prefix}-result-title` },
    h('h3', { id: `${prefix}-result-title`, class: 'section-title small', tabindex: '-1' },
      `On the list: ${added} new, ${merged} merged`),
    h('ul', { class: 'result-lines' }, parts.map((part) => h('li', { class: `plan ${part.outcome}` }, outcomeText(part)))),
    h('a', { class: 'button small', href: '#/' }, 'See the list'));
}

/**
 * Lines the core leaves out (tap water, staples, optional ones) start left out, as in Recipe
 * Ready: the cook opts in. Marks those of `plan` not seen before as skipped and seen; true
 * when there were any (the plan is then asked for again).
 */
export function skipLeftOut(plan, state) {
  const fresh = plan.lines.filter((line) => line.leftOut && !state.seenLeftOut.has(line.id));
  for (const line of fresh) {
    state.seenLeftOut.add(line.id);
    state.skip.add(line.id);
  }
  return fresh.length > 0;
}

/**
 * What the plan card's choices do to the review they belong to, `review()` (read at each
 * choice, since the Week makes its shop's review afresh): an answer, a skipped line or an
 * override asks for the plan again (`changed`); opening a line or confirming again only redraws.
 */
export function reviewChoices(review, changed, draw) {
  return {
    onAnswer: (question, answer) => {
      const state = review();
      if (answer) state.answers[question] = answer;
      else delete state.answers[question];
      changed();
    },
    onSkip: (line, skip) => {
      const state = review();
      if (skip) state.skip.add(line);
      else state.skip.delete(line);
      changed();
    },
    onOpen: (line, open) => {
      const state = review();
      if (!(state.opened instanceof Set)) state.opened = new Set();
      if (open) state.opened.add(line);
      else state.opened.delete(line);
      draw();
    },
    onOverride: (line, value) => {
      const state = review();
      if (value) state.overrides[line] = value;
      else delete state.overrides[line];
      changed();
    },
    onConfirmAgain: (confirming) => {
      review().confirming = confirming;
      draw();
    },
  };
}
