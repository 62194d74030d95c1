// The web app's "Brought back Milk, Eggs and 4 more." phrase (Web/app/model.js namesPhrase),
// under Node. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as model from '../../Web/app/model.js';

const cases = [
  [[], ''],
  [['Milk'], 'Milk'],
  [['Milk', 'Eggs'], 'Milk and Eggs'],
  [['Milk', 'Eggs', 'Tea'], 'Milk, Eggs and Tea'],
  [['Milk', 'Eggs', 'Tea', 'Jam'], 'Milk, Eggs and 2 more'],
  [['Milk', 'Eggs', 'Tea', 'Jam', 'Rice', 'Oats'], 'Milk, Eggs and 4 more'],
];

test('names read as a short phrase, at most three of them', () => {
  for (const [names, expected] of cases) {
    assert.equal(model.namesPhrase(names), expected, JSON.stringify(names));
  }
});
