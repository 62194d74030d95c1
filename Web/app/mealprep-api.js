// The meal prep routes of the server (WebApp+MealPrep.swift): review a plan, add it.

import { call, onList } from './api.js';
import { targetList } from './lists.js';

/**
 * The body both routes take: the chosen recipes with servings, the answers to the plan's
 * questions ({id: 'merge' | 'keepApart'}), skipped line ids and pantry overrides.
 */
function planBody({ chosen, answers, skip, overrides }) {
  return {
    recipes: chosen.map(({ id, servings }) => (servings ? { id, servings } : { id })),
    answers: Object.entries(answers).map(([question, answer]) => ({ question, answer })),
    skip: [...skip],
    overrides: Object.entries(overrides).map(([line, override]) => ({ line, override })),
  };
}

export const mealPrepApi = {
  review: (state) => call('POST', '/api/v3/mealprep/review', planBody(state)),
  add: (state) => call('POST', onList('/api/v3/mealprep/add', targetList()), planBody(state)),
  /** {draft: {recipes, answers, skip, overrides, seen} | null}: the choices kept in the store. */
  draft: () => call('GET', '/api/v3/mealprep/draft'),
  keep: (state, options) => call('PUT', '/api/v3/mealprep/draft', draftOf(state), options),
  drop: (options) => call('DELETE', '/api/v3/mealprep/draft', undefined, options),
};

/** The choices as the store keeps them (the draft `fromDraft` reads back). */
export function draftOf(state) {
  return { ...planBody(state), seen: [...state.seenLeftOut] };
}

/** The screen's choices from a kept draft, with only the recipes still in the library. */
export function fromDraft(draft, library) {
  const titles = new Map(library.map((summary) => [summary.id, summary.title]));
  return {
    chosen: (draft.recipes || []).filter(({ id }) => titles.has(id))
      .map(({ id, servings }) => ({ id, title: titles.get(id), servings: servings || null })),
    answers: Object.fromEntries((draft.answers || []).map(({ question, answer }) => [question, answer])),
    skip: new Set(draft.skip || []),
    overrides: Object.fromEntries((draft.overrides || []).map(({ line, override }) => [line, override])),
    seenLeftOut: new Set(draft.seen || []),
  };
}

/** Why two lines may be one food, as the screen says it. */
export function doubtText(doubt) {
  return {
    unitsDontMeet: "the amounts don't add up",
    noAmount: 'one gives no amount',
    sizesDiffer: 'different sizes',
    optionalDiffers: 'one is optional',
    alternativesDiffer: 'different alternatives',
    uncertainLine: 'a line was hard to read',
    namesDiffer: 'the names differ',
  }[doubt] || 'they may differ';
}
