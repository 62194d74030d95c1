// Runs Tests/cases/offline-suggestion-cases.json against the phone's chips offline
// (offline.js's offlineSuggestions, the core's OfflineSuggestions built for the browser), as
// Tests/BasketKitTests/OfflineSuggestionCaseTableTests.swift runs it against the core.
// Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import './rules.mjs';
import * as offline from '../../Web/app/offline.js';

const root = new URL('../../', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('Tests/cases/offline-suggestion-cases.json', root), 'utf8'));

test('the table has its rows', () => {
  assert.ok(cases.length >= 14);
});

test('the chips offered offline are the table\'s', () => {
  for (const row of cases) {
    const chip = (source) => (name) => ({ name, emoji: '🧺', source });
    const history = (row.history ?? []).map(chip('history'));
    const dictionary = (row.dictionary ?? []).map(chip('dictionary'));
    // The phone keeps its words in the order it saw them, the two sources mixed.
    const words = [];
    for (let k = 0; k < Math.max(history.length, dictionary.length); k += 1) {
      if (k < dictionary.length) words.push(dictionary[k]);
      if (k < history.length) words.push(history[k]);
    }
    const usuals = (row.usuals ?? []).map(chip('history'));
    const toGet = (row.onList ?? []).map((name) => ({ name }));
    const offered = offline.offlineSuggestions(row.query, { words, usuals, toGet }, row.limit ?? 8);
    assert.deepEqual(offered.map((entry) => entry.name), row.offered, JSON.stringify(row.query));
  }
});
