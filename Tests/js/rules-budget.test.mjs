// The rules' module keeps its budget: at most 600,000 bytes before compression, and a typed
// line read in well under a frame. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { test } from 'node:test';

import './rules.mjs';
import { call } from '../../Web/app/rules.js';

test('the module is at most 600,000 bytes', () => {
  const bytes = statSync(new URL('../../Web/app/rules.wasm', import.meta.url)).size;
  assert.ok(bytes <= 600000, `rules.wasm is ${bytes} bytes`);
});

test('reading a typed line takes well under a frame', () => {
  const lines = ['2 tins chopped tomatoes', 'a dozen eggs and 2 lb apples', 'chicken broth 32 oz carton'];
  for (const line of lines) call('readLine', line); // the first calls build the word lists
  const times = [];
  for (let round = 0; round < 60; round += 1) {
    const start = performance.now();
    call('readLine', lines[round % lines.length]);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1];
  // NB: a frame is 16 ms; 4 ms leaves room for a slow phone and a loaded test machine.
  assert.ok(median < 4, `median ${median.toFixed(2)} ms`);
});
