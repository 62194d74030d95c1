// What the pantry covers of one line, drawn the same in Recipe Ready and in Meal Prep: the
// status with its arithmetic, what the list gets, and the user's override.

import { h } from './template.js';

/**
 * The coverage of a line named `name` (null draws nothing); `override` is the chosen one
 * ('' for none), `onOverride(value)` changes it, `key` keeps focus across redraws.
 */
export function coverageBlock(coverage, { name, override = '', onOverride, key }) {
  if (!coverage) return null;
  // NB: the sentences and the choices are the core's (PantryCoverage.Line), so every face says
  // the same and no choice contradicts the decision beside it.
  const choices = coverage.choices || [];
  return h('div', { class: `coverage ${coverage.status}` },
    h('p', { class: 'coverage-text' },
      coverage.headline, ' ',
      h('span', { class: 'coverage-decision' }, `→ ${coverage.decisionText}`)),
    !choices.length ? null : h('select', {
      class: 'override', 'aria-label': `Pantry choice for ${name}`, dataset: { focusKey: key },
      onchange: (event) => onOverride(event.target.value),
    }, choices.map((choice) => h('option', { value: choice.override || '', selected: (choice.override || '') === override }, choice.label))));
}
