// The Week screen's page-side words and reading (Web/app/week-api.js, week-view.js); every
// rule of the plan is the server's (PlanRulesTests). Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
/** A page module loaded as a data: module, its imports stood in for. */
async function load(path, imports) {
  let source = readFileSync(new URL(path, root), 'utf8');
  for (const [line, standIn] of imports) {
    assert.notEqual(source.indexOf(line), -1, `the import in ${path} moved`);
    source = source.replace(line, standIn);
  }
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}
const api = await load('Web/app/week-api.js', [
  ["import { call, onList } from './api.js';", 'const call = () => null, onList = (path) => path;'],
  ["import { targetList } from './lists.js';", 'const targetList = () => null;'],
]);
const view = await load('Web/app/week-view.js', [
  ["import { ScreenView, columns, h, screenHead } from './template.js';", 'const ScreenView = null, columns = null, h = null, screenHead = null;'],
  ["import { planResult, planReview } from './plan-review-view.js';", 'const planResult = null, planReview = null;'],
]);

test('servings are empty (as written) or a whole number from 1 to 1000', () => {
  assert.equal(api.readServings(''), null);
  assert.equal(api.readServings('  '), null);
  assert.equal(api.readServings('4'), 4);
  assert.equal(api.readServings(' 1000 '), 1000);
  for (const bad of ['0', '10000', '2.5', '-1', 'four', '1e3', '٤']) {
    assert.equal(api.readServings(bad), undefined, bad);
  }
});

test('a week is named by its first and last days, as short as it can be', () => {
  assert.equal(view.weekLabel('2026-07-06', '2026-07-12'), '6 – 12 Jul 2026');
  assert.equal(view.weekLabel('2026-06-29', '2026-07-05'), '29 Jun – 5 Jul 2026');
  assert.equal(view.weekLabel('2026-12-28', '2027-01-03'), '28 Dec 2026 – 3 Jan 2027');
  assert.equal(view.dayName({ weekday: 'Monday', label: 'Mon 6 Jul' }), 'Monday 6 Jul');
});

test('the shop covers the days chosen within the week shown, else the whole week', () => {
  const days = [
    ['2026-06-29', 'Mon 29 Jun'], ['2026-06-30', 'Tue 30 Jun'], ['2026-07-01', 'Wed 1 Jul'],
    ['2026-07-02', 'Thu 2 Jul'], ['2026-07-03', 'Fri 3 Jul'], ['2026-07-04', 'Sat 4 Jul'],
    ['2026-07-05', 'Sun 5 Jul'],
  ].map(([date, label]) => ({ date, label }));
  const week = { from: '2026-06-29', to: '2026-07-05', days };
  const state = (shopFrom, shopTo) => ({ week, shopFrom, shopTo });
  assert.deepEqual(view.shopDays(state(null, null)), { from: '2026-06-29', to: '2026-07-05' });
  assert.deepEqual(view.shopDays(state('2026-07-01', '2026-07-03')), { from: '2026-07-01', to: '2026-07-03' });
  // Days of another week (the week moved on), or backwards: the whole week, or to its end.
  assert.deepEqual(view.shopDays(state('2026-07-07', '2026-07-08')), { from: '2026-06-29', to: '2026-07-05' });
  assert.deepEqual(view.shopDays(state('2026-07-03', '2026-07-01')), { from: '2026-07-03', to: '2026-07-05' });
  assert.equal(view.shopLabel(week, '2026-07-01', '2026-07-03'), 'Wed 1 Jul to Fri 3 Jul');
  assert.equal(view.shopLabel(week, '2026-06-30', '2026-06-30'), 'Tue 30 Jun');
});
