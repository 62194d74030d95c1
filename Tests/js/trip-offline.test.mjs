// The web app's offline trip steps (Web/app/trip-offline.js, the core's TripWalk built for the
// browser) against the table the core's TripRules is held to as well
// (Tests/cases/trip-walk-cases.json). Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import './rules.mjs';

const root = new URL('../../', import.meta.url);
const { walkStep } = await import(new URL('Web/app/trip-offline.js', root));
const table = JSON.parse(readFileSync(new URL('Tests/cases/trip-walk-cases.json', root), 'utf8'));
const LETTERS = { w: 'waiting', v: 'visited', g: 'got', s: 'skipped', x: 'gone' };
const letterOf = Object.fromEntries(Object.entries(LETTERS).map(([letter, status]) => [status, letter]));

/** A trip as the server's JSON gives it, with the stop at `at` shown. */
function trip(stops, at) {
  const all = [...stops].map((letter, index) => ({ item: `item-${index}`, name: `item ${index}`, status: LETTERS[letter] }));
  return {
    phase: 'walking', resumes: null, stops: all, position: Math.min(at + 1, all.length),
    current: all[at] || null, atEnd: !all.some((stop) => stop.status === 'waiting'),
  };
}

test('the table is there', () => {
  assert.ok(table.cases.length >= 10);
});

for (const row of table.cases) {
  test(`${row.stops} at ${row.at}, ${row.steps.join(' ')}`, () => {
    let now = trip(row.stops, row.at);
    const take = () => {
      for (const step of row.steps) now = walkStep(now, step);
    };
    if (row.error) {
      assert.throws(take, (error) => error.reason === row.error);
      return;
    }
    take();
    assert.equal(now.stops.map((stop) => letterOf[stop.status]).join(''), row.then);
    assert.equal(now.current ? now.position - 1 : now.stops.length, row.atAfter);
    assert.equal(now.phase, row.phase);
  });
}
