// The meal prep routes of the server (WebApp+MealPrep.swift): review a plan, add it.

import { call } from './api.js';

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
  review: (state) => call('POST', '/api/v1/mealprep/review', planBody(state)),
  add: (state) => call('POST', '/api/v1/mealprep/add', planBody(state)),
};

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
