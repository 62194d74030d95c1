// What the pantry covers of one line, drawn the same in Recipe Ready and in Meal Prep: the
// status with its arithmetic, what the list gets, and the user's override.

import { h } from './template.js';
import { coverageText, decisionText } from './recipes-api.js';

const OVERRIDES = [
  ['', 'Use the pantry'],
  ['buyFull', 'Buy the full amount'],
  ['skip', 'Skip, I have it'],
];

/**
 * The coverage of a line named `name` (null draws nothing); `override` is the chosen one
 * ('' for none), `onOverride(value)` changes it, `key` keeps focus across redraws.
 */
export function coverageBlock(coverage, { name, override = '', onOverride, key }) {
  if (!coverage) return null;
  // NB: without a pantry entry there is nothing to override: leaving the line out is the
  // "skip, I have it" (its checkbox), and buying it all is what happens anyway.
  const choice = coverage.entry || override;
  return h('div', { class: `coverage ${coverage.status}` },
    h('p', { class: 'coverage-text' },
      coverageText(coverage), ' ',
      h('span', { class: 'coverage-decision' }, `→ ${decisionText(coverage)}`)),
    !choice ? null : h('select', {
      class: 'override', 'aria-label': `Pantry choice for ${name}`, dataset: { focusKey: key },
      onchange: (event) => onOverride(event.target.value),
    }, OVERRIDES.map(([value, label]) => h('option', { value, selected: value === override }, label))));
}
