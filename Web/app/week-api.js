// The plan of meals' routes of the server (WebApp+Plan.swift): a week, a meal on a day, a
// meal off, and the shop of some days, reviewed or added as Meal Prep's.

import { call, onList } from './api.js';
import { targetList } from './lists.js';

/** The shop's body: the days, and the review's answers, skipped lines and pantry overrides. */
function shopBody(from, to, { answers, skip, overrides }) {
  return {
    from,
    to,
    answers: Object.entries(answers).map(([question, answer]) => ({ question, answer })),
    skip: [...skip],
    overrides: Object.entries(overrides).map(([line, override]) => ({ line, override })),
  };
}

export const weekApi = {
  /** The week holding `date` (this week when none): PlanJSON. */
  week: (date) => call('GET', date ? `/api/v3/plan?week=${encodeURIComponent(date)}` : '/api/v3/plan'),
  /** Plans a saved recipe on a day; `servings` null cooks it as written. */
  add: (recipe, date, servings) => call('POST', '/api/v3/plan', servings ? { recipe, date, servings } : { recipe, date }),
  remove: (id) => call('DELETE', `/api/v3/plan/${encodeURIComponent(id)}`),
  review: (from, to, choices) => call('POST', '/api/v3/plan/shop/review', shopBody(from, to, choices)),
  shop: (from, to, choices) => call('POST', onList('/api/v3/plan/shop/add', targetList()), shopBody(from, to, choices)),
};

/**
 * Servings as typed: '' is "as written" (null); otherwise a whole number from 1 to 1000, or
 * undefined when it isn't one.
 */
export function readServings(text) {
  const trimmed = String(text).trim();
  if (trimmed === '') return null;
  if (!/^\d{1,4}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= 1000 ? value : undefined;
}
