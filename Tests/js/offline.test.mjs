// The web app's offline rules (Web/app/offline.js): the local copy a change is applied to at
// once, the queue, the retry schedule and the status line. Where a rule lives in the core too
// (name folding, typed adds, the quantity rules table) it runs the shared case tables in
// Tests/cases. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import './rules.mjs';
import * as model from '../../Web/app/model.js';
import * as offline from '../../Web/app/offline.js';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const quantityCases = JSON.parse(read('Tests/cases/quantity-cases.json'));
const nameCases = JSON.parse(read('Tests/cases/name-key-cases.json'));

const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const at = (seconds) => new Date(T0 + seconds * 1000).toISOString();
const id = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function item(n, name, { listed = 0, checked = null, quantity = null } = {}) {
  return {
    id: id(n), name, emoji: '🧺', quantity, addedAt: at(listed), checkedAt: checked === null ? null : at(checked),
    listedAt: at(listed), clearedAt: null, chip: null, units: offline.allUnits(), defaultUnit: 'units',
  };
}

/** A list: To get names (top first) and Got it names (most recent first). */
function list(toGet, gotIt = []) {
  return {
    toGet: toGet.map((name, index) => item(index + 1, name, { listed: -index })),
    gotIt: gotIt.map((name, index) => item(100 + index, name, { listed: -50, checked: -index - 1 })),
    mood: {},
  };
}

const names = (items) => items.map((entry) => entry.name);
let opCount = 0;
const op = (type, fields, seconds = 1) => {
  opCount += 1;
  return { op: id(9000 + opCount), at: at(seconds), type, ...fields };
};

// MARK: Shared with the core

test('names fold to the keys the core gives them (name-key-cases.json)', () => {
  assert.ok(nameCases.keys.length >= 30);
  for (const [name, key] of nameCases.keys) assert.equal(offline.nameKey(name), key, JSON.stringify(name));
});

test('typed adds split into name and quantity as the core does (quantity-cases.json addText)', () => {
  for (const row of quantityCases.addText) {
    const reading = offline.readLine(row.text);
    if (row.refused === 'unitNotAllowed') {
      // Whether milk takes kilograms is the item's measure: the server's to say.
      assert.equal(reading.items.length, 1, row.text);
      continue;
    }
    if (row.refused) {
      assert.equal(reading.refused, row.refused, row.text);
      continue;
    }
    assert.equal(reading.items.length, 1, row.text);
    const [item] = reading.items;
    assert.equal(item.name, row.name, row.text);
    const expected = row.quantity ? { amount: row.quantity[0], unit: row.quantity[1] } : null;
    assert.deepEqual(item.quantity, expected, row.text);
  }
});

test('the built-in quantity rules and unit words are the table\'s', () => {
  // NB: the phone's table is the core's own (QuantityRules.table, through rules.wasm), so a
  // page that has never reached the server edits recipe amounts too.
  const { recipeUnits, ...listUnits } = quantityCases.rules;
  assert.ok(Object.keys(recipeUnits).length > 0);
  const { recipeUnits: builtRecipeUnits, ...builtUnits } = offline.defaultRules();
  assert.deepEqual(builtUnits, listUnits);
  assert.deepEqual(builtRecipeUnits, recipeUnits);
  for (const [word, unit] of quantityCases.unitNamed) assert.equal(offline.unitOfWord(word), unit, word);
});

test('names are cleaned as the core cleans them', () => {
  assert.equal(offline.cleanName('  Oat \t  milk\n'), 'Oat milk');
  assert.equal(offline.cleanName('a\u0007b'), 'ab');
  assert.equal(offline.cleanName('   '), '');
});

// MARK: The local copy

test('an add goes on top with what the phone knows of the name', () => {
  const lexicon = new offline.Lexicon();
  lexicon.learnItems([{ name: 'Milk', emoji: '🥛', units: ['ml', 'L', 'units'], defaultUnit: 'ml' }]);
  const { list: after, effect } = offline.applyOp(list(['Bread']), op('add', { item: id(50), text: '2 l milk' }), { lexicon });
  assert.equal(effect.outcome, 'added');
  assert.deepEqual(names(after.toGet), ['milk', 'Bread']);
  const milk = after.toGet[0];
  assert.equal(milk.id, id(50));
  assert.equal(milk.emoji, '🥛');
  assert.deepEqual(milk.units, ['ml', 'L', 'units']);
  assert.deepEqual(milk.quantity, { amount: 2, unit: 'L' });
  assert.equal(milk.chip, '2 L');
});

test('an unknown name gets the basket and every unit', () => {
  const { list: after } = offline.applyOp(list([]), op('add', { item: id(50), name: 'Quux' }));
  assert.equal(after.toGet[0].emoji, '🧺');
  assert.deepEqual(after.toGet[0].units, offline.allUnits());
  assert.equal(after.toGet[0].defaultUnit, 'units');
});

test('adding a name on To get bumps it; one in Got it comes back', () => {
  const aliases = new Map();
  const start = list(['Bread', 'Apples', 'Tea'], ['Eggs']);
  const bumped = offline.applyOp(start, op('add', { item: id(51), text: 'apple' }), { aliases });
  assert.equal(bumped.effect.outcome, 'bumped');
  assert.deepEqual(names(bumped.list.toGet), ['Apples', 'Bread', 'Tea']);
  assert.equal(aliases.get(id(51)), id(2));
  const restored = offline.applyOp(bumped.list, op('add', { item: id(52), name: 'EGGS' }), { aliases });
  assert.equal(restored.effect.outcome, 'restored');
  assert.deepEqual(names(restored.list.toGet), ['Eggs', 'Apples', 'Bread', 'Tea']);
  assert.deepEqual(restored.list.gotIt, []);
  // A later change naming the merged add's id lands on the item it merged into.
  const checked = offline.applyOp(restored.list, op('check', { item: id(51) }), { aliases });
  assert.deepEqual(names(checked.list.gotIt), ['Apples']);
});

test('an add that bumped keeps its amount when the phone works its copy out again', () => {
  // The phone applies its queue to the server's list afresh after every change, with the
  // aliases the first pass left: the bump (and its new amount) must happen each time.
  const aliases = new Map();
  const start = list(['Apples', 'Bread']);
  const ops = [op('add', { item: id(70), name: 'apples', quantity: { amount: 6, unit: 'units' } }, 9)];
  const first = offline.localList(start, ops, { aliases }, Date.now());
  const again = offline.localList(start, ops, { aliases }, Date.now());
  for (const copy of [first, again]) {
    assert.deepEqual(names(copy.toGet), ['Apples', 'Bread']);
    assert.deepEqual(copy.toGet[0].quantity, { amount: 6, unit: 'units' });
  }
});

test('an add replayed with its id changes nothing; an empty name is refused', () => {
  const start = list(['Bread']);
  const replayed = offline.applyOp(start, op('add', { item: id(1), name: 'Bread' }));
  assert.equal(replayed.effect.outcome, 'replayed');
  assert.deepEqual(names(replayed.list.toGet), ['Bread']);
  const empty = offline.applyOp(start, op('add', { item: id(60), text: '   ' }));
  assert.ok(empty.effect.refused);
  assert.deepEqual(names(empty.list.toGet), ['Bread']);
});

test('check, uncheck and the last check saying all done', () => {
  const start = list(['Milk', 'Bread']);
  const one = offline.applyOp(start, op('check', { item: id(1) }, 5));
  assert.deepEqual(names(one.list.toGet), ['Bread']);
  assert.deepEqual(names(one.list.gotIt), ['Milk']);
  assert.equal(one.list.gotIt[0].checkedAt, at(5));
  assert.equal(one.effect.allDone, false);
  const two = offline.applyOp(one.list, op('check', { item: id(2) }, 6));
  assert.equal(two.effect.allDone, true);
  assert.deepEqual(names(two.list.gotIt), ['Bread', 'Milk']); // most recently checked first
  const back = offline.applyOp(two.list, op('uncheck', { item: id(1) }, 7));
  assert.deepEqual(names(back.list.toGet), ['Milk']);
  assert.equal(back.list.toGet[0].checkedAt, null);
  const again = offline.applyOp(back.list, op('check', { item: id(2) }, 8));
  assert.deepEqual(again.list, back.list, 'checking a checked item changes nothing');
});

test('a change to an item the phone no longer has changes nothing', () => {
  const start = list(['Milk']);
  for (const type of ['check', 'uncheck', 'rename', 'quantity', 'note', 'remove']) {
    const { list: after, effect } = offline.applyOp(start, op(type, { item: id(77), name: 'x', quantity: null }));
    assert.equal(effect.missing, true, type);
    assert.deepEqual(names(after.toGet), ['Milk'], type);
  }
});

test('a rename keeps the place and resets the quantity', () => {
  const start = list(['Bread', 'Milk', 'Tea']);
  start.toGet[1] = { ...start.toGet[1], quantity: { amount: 2, unit: 'units' }, chip: '2' };
  const { list: after } = offline.applyOp(start, op('rename', { item: id(2), name: '  Oat   milk ' }));
  assert.deepEqual(names(after.toGet), ['Bread', 'Oat milk', 'Tea']);
  assert.equal(after.toGet[1].quantity, null);
  assert.equal(after.toGet[1].chip, null);
});

test('a note is set cleaned as a name is, cleared by "" or null, and a note too long is refused', () => {
  const start = list(['Bread', 'Yoghurt']);
  const set = offline.applyOp(start, op('note', { item: id(2), note: '  the big\u0007 tub\n ' }));
  assert.equal(set.list.toGet[1].note, 'the big tub');
  assert.deepEqual(names(set.list.toGet), ['Bread', 'Yoghurt'], 'a note keeps the place');
  assert.equal(set.list.toGet[1].name, 'Yoghurt');
  for (const cleared of ['', '   ', null]) {
    const after = offline.applyOp(set.list, op('note', { item: id(2), note: cleared }));
    assert.equal(after.list.toGet[1].note, null, JSON.stringify(cleared));
  }
  const fits = offline.applyOp(start, op('note', { item: id(2), note: '🧺'.repeat(500) }));
  assert.equal(fits.effect.refused, undefined, 'counted by character, as Swift counts');
  const long = offline.applyOp(set.list, op('note', { item: id(2), note: 'a'.repeat(1024 * 1024) }));
  assert.match(long.effect.refused, /at most 500 characters/);
  assert.equal(long.list.toGet[1].note, 'the big tub', 'a refused note keeps the one before');
});

test('a quantity sets the chip; null or zero unsets it', () => {
  const start = list(['Milk']);
  const set = offline.applyOp(start, op('quantity', { item: id(1), quantity: { amount: 1.5, unit: 'L' } }));
  assert.equal(set.list.toGet[0].chip, '1.5 L');
  const unset = offline.applyOp(set.list, op('quantity', { item: id(1), quantity: null }));
  assert.equal(unset.list.toGet[0].quantity, null);
  const zero = offline.applyOp(set.list, op('quantity', { item: id(1), quantity: { amount: 0, unit: 'units' } }));
  assert.equal(zero.list.toGet[0].quantity, null);
});

test('an amount in a recipe unit becomes the item\'s one amount, zero takes it off', async () => {
  const rules = new model.QuantityRules(quantityCases.rules);
  const flour = {
    ...item(1, 'Flour'), recipes: [{ id: null, title: 'Pancakes' }],
    recipeAmounts: [{ amount: 2.25, maxAmount: null, unit: 'cup', converted: false, text: '2¼ cups' }],
    buy: { text: '2¼ cups', need: null },
  };
  const start = { toGet: [flour], gotIt: [], mood: {} };
  const set = offline.applyOp(start, op('amount', { item: id(1), amount: { amount: 2.5, unit: 'cup' } }), { rules });
  const edited = set.list.toGet[0];
  assert.deepEqual(edited.recipeAmounts.map((a) => [a.amount, a.unit, a.text]), [[2.5, 'cup', '2.5 cups']]);
  assert.deepEqual(edited.buy, { text: '2.5 cups', need: null });
  assert.equal(edited.quantity, null);
  assert.deepEqual(edited.recipes, flour.recipes, 'which recipes asked stays');
  const cans = offline.applyOp(start, op('amount', { item: id(1), amount: { amount: 3, unit: 'can', packSize: { amount: 14, unit: 'oz' } } }), { rules });
  assert.equal(cans.list.toGet[0].buy.text, '3 cans (14 oz)');
  const gone = offline.applyOp(set.list, op('amount', { item: id(1), amount: { amount: 0, unit: 'cup' } }), { rules });
  assert.deepEqual(gone.list.toGet[0].recipeAmounts, []);
  assert.equal(gone.list.toGet[0].buy, null);
  assert.equal(offline.applyOp(start, op('amount', { item: id(7), amount: { amount: 1, unit: 'cup' } })).effect.missing, true);
});

test('remove takes the item away; clear hides what it lists and undo brings it back', () => {
  const clears = new Map();
  const start = list(['Milk'], ['Eggs', 'Jam', 'Tea']);
  const removed = offline.applyOp(start, op('remove', { item: id(1) }));
  assert.deepEqual(names(removed.list.toGet), []);
  const clear = op('clear', { items: [id(100), id(101), id(55)] });
  const cleared = offline.applyOp(removed.list, clear, { clears });
  assert.deepEqual(cleared.effect.cleared, [id(100), id(101)]);
  assert.deepEqual(names(cleared.list.gotIt), ['Tea']); // checked after the phone looked: stays
  const undone = offline.applyOp(cleared.list, op('undo', { clear: clear.op }), { clears });
  assert.deepEqual(names(undone.list.gotIt), ['Eggs', 'Jam', 'Tea']);
  const twice = offline.applyOp(undone.list, op('undo', { clear: clear.op }), { clears });
  assert.deepEqual(names(twice.list.gotIt), ['Eggs', 'Jam', 'Tea'], 'an undo never brings back twice');
});

test('Got it\'s hour and a Clear all\'s undo window are the core\'s (ListTiming)', () => {
  assert.deepEqual(offline.listTiming(), { gotIt: 60 * 60 * 1000, undo: 10 * 1000 });
});

test('the local list is the server list with waiting changes on top, and Got it past its hour gone', () => {
  const server = list(['Milk', 'Bread'], ['Eggs']);
  const ops = [op('add', { item: id(70), name: 'Tea' }), op('check', { item: id(2) }, 2)];
  const context = { lexicon: new offline.Lexicon(), aliases: new Map(), clears: new Map() };
  const shown = offline.localList(server, ops, context, T0 + 10_000);
  assert.deepEqual(names(shown.toGet), ['Tea', 'Milk']);
  assert.deepEqual(names(shown.gotIt), ['Bread', 'Eggs']);
  const later = offline.localList(server, ops, context, T0 + offline.listTiming().gotIt + 1_500);
  assert.deepEqual(names(later.gotIt), ['Bread'], 'Eggs was checked 1 s before the start: gone after the hour');
  // Replaying changes the server already applied changes nothing.
  const applied = offline.localList(shown, ops, context, T0 + 10_000);
  assert.deepEqual(names(applied.toGet), names(shown.toGet));
  assert.deepEqual(names(applied.gotIt), names(shown.gotIt));
});

test('a change notice catches the list up without reading it again', () => {
  const server = { ...list(['Milk', 'Bread'], ['Eggs']), revision: 10 };
  const tea = { ...item(7, 'Tea', { listed: 5 }) };
  const bread = { ...server.toGet[1], checkedAt: at(6) };
  const eggs = { ...server.gotIt[0], clearedAt: at(7) };
  const notice = { from: 10, revision: 13, items: [tea, bread, eggs], removed: [id(1)] };
  const caught = offline.applyChanges(server, notice);
  assert.equal(caught.revision, 13);
  assert.deepEqual(names(caught.toGet), ['Tea']);
  assert.deepEqual(names(caught.gotIt), ['Bread']); // Eggs is hidden by a clear
  assert.equal(offline.applyChanges(caught, notice), caught, 'a notice already seen changes nothing');
  assert.deepEqual(offline.applyChanges(server, { ...notice, from: 8 }).toGet.map((entry) => entry.name), ['Tea'],
    'one that starts earlier applies too: each item is its whole latest state');
  assert.equal(offline.applyChanges(server, { ...notice, from: 11 }), null, 'missed a change: read the list');
  assert.equal(offline.applyChanges(server, { revision: 13 }), null, 'a bare notice: read the list');
});

test('a page whose stream reconnects asks only what it missed, and reads the list only when it must', () => {
  const server = { ...list(['Milk']), revision: 10 };
  assert.equal(offline.catchUpPlan(server, 10), 'current', 'missed nothing: no request at all');
  assert.equal(offline.catchUpPlan(server, 12), 'changes', 'missed a little: /changes?since=10');
  assert.equal(offline.catchUpPlan(server, null), 'changes', 'the revision not said: ask what changed');
  assert.equal(offline.catchUpPlan(server, 4), 'list', 'the server is behind the page (another store)');
  assert.equal(offline.catchUpPlan(null, 12), 'list', 'never read the list: read it');
  assert.equal(offline.catchUpPlan({ ...server, revision: undefined }, 12), 'list');
  // What /changes answers after a missed change applies; one that starts later than the page's
  // revision (or a 410 from a server that no longer knows) sends the page to the whole list.
  const jam = item(9, 'Jam', { listed: 5 });
  assert.deepEqual(names(offline.applyChanges(server, { from: 10, revision: 12, items: [jam], removed: [] }).toGet),
    ['Jam', 'Milk']);
  assert.equal(offline.applyChanges(server, { from: 11, revision: 12, items: [jam], removed: [] }), null);
});

// MARK: Suggestions offline

test('suggestions offline come from what the phone saw, history first, never what is on To get', () => {
  const words = [
    { name: 'Mirin', emoji: '🍶', source: 'dictionary' },
    { name: 'Milk', emoji: '🥛', source: 'history' },
    { name: 'Oat milk', emoji: '🥛', source: 'history' },
    { name: 'Mince', emoji: '🥩', source: 'dictionary' },
  ];
  const toGet = [item(1, 'Mince')];
  assert.deepEqual(names(offline.offlineSuggestions('mi', { words, toGet })), ['Milk', 'Oat milk', 'Mirin']);
  assert.deepEqual(names(offline.offlineSuggestions('MÍ', { words, toGet }, 1)), ['Milk']);
  const usuals = [{ name: 'Mince', emoji: '🥩', source: 'history' }, { name: 'Tea', emoji: '🍵', source: 'history' }];
  assert.deepEqual(names(offline.offlineSuggestions('  ', { words, usuals, toGet })), ['Tea', 'Milk', 'Oat milk']);
  assert.deepEqual(names(offline.offlineSuggestions('', { words, usuals, toGet }, 2)), ['Tea', 'Milk']);
});

// MARK: The queue

test('the queue sends oldest first, one batch at a time, and keeps what was not answered', () => {
  const outbox = new offline.Outbox();
  const ops = [1, 2, 3].map((n) => outbox.add(op('check', { item: id(n) })).op);
  const batch = outbox.batch(2);
  assert.deepEqual(batch.map((entry) => entry.op), ops.slice(0, 2));
  assert.deepEqual(outbox.batch(), [], 'no second batch while one is out');
  const { done, refused } = outbox.settle([
    { op: ops[0].op, status: 'applied' },
    // ops[1] missing from the answer: it waits again
  ]);
  assert.deepEqual(done.map((entry) => entry.op), [ops[0]]);
  assert.deepEqual(refused, []);
  assert.deepEqual(outbox.ops, [ops[1], ops[2]]);
  assert.deepEqual(outbox.batch().map((entry) => entry.op), [ops[1], ops[2]]);
  outbox.unsent(); // the request failed: everything waits, in order
  assert.deepEqual(outbox.batch().map((entry) => entry.op), [ops[1], ops[2]]);
});

test('refusals come back with their reasons; duplicates count as done', () => {
  const outbox = new offline.Outbox();
  const a = outbox.add(op('check', { item: id(1) })).op;
  const b = outbox.add(op('rename', { item: id(2), name: 'X' })).op;
  outbox.batch();
  const { done, refused } = outbox.settle([
    { op: a.op, status: 'duplicate' },
    { op: b.op, status: 'refused', reason: 'Bread was removed on another phone' },
  ]);
  assert.equal(done.length, 2);
  assert.deepEqual(refused, [{ op: b, reason: 'Bread was removed on another phone' }]);
  assert.equal(outbox.size, 0);
});

test('an add the server merged renames the id in the changes after it', () => {
  const outbox = new offline.Outbox();
  const add = outbox.add(op('add', { item: id(80), name: 'apple' })).op;
  outbox.batch();
  const later = outbox.add(op('check', { item: id(80) })).op;
  const clear = outbox.add(op('clear', { items: [id(80), id(3)] })).op;
  const { aliases } = outbox.settle([{ op: add.op, status: 'applied', item: id(2) }]);
  assert.deepEqual(aliases, [[id(80), id(2)]]);
  assert.equal(outbox.entries[0].op.item, id(2));
  assert.equal(outbox.entries[0].op.op, later.op);
  assert.deepEqual(outbox.entries[1].op.items, [id(2), id(3)]);
  assert.equal(outbox.entries[1].op.op, clear.op);
});

test('a change not sent yet can be withdrawn; one sent cannot', () => {
  const outbox = new offline.Outbox();
  const first = outbox.add(op('remove', { item: id(1) })).op;
  outbox.batch();
  const second = outbox.add(op('remove', { item: id(2) })).op;
  assert.equal(outbox.canWithdraw(first.op), false);
  assert.equal(outbox.isSent(first.op), true);
  assert.equal(outbox.isSent(second.op), false);
  assert.equal(outbox.withdraw(first.op), null);
  assert.equal(outbox.canWithdraw(second.op), true);
  assert.equal(outbox.withdraw(second.op).op, second);
  assert.deepEqual(outbox.ops, [first]);
});

test('a queue read back from the phone keeps its order and numbering', () => {
  const outbox = new offline.Outbox([{ seq: 7, op: { op: 'b' } }, { seq: 3, op: { op: 'a' } }]);
  assert.deepEqual(outbox.ops.map((entry) => entry.op), ['a', 'b']);
  assert.equal(outbox.add({ op: 'c' }).seq, 8);
  // Numbered by time, so another tab's changes in the same store never take the same number.
  assert.equal(outbox.add({ op: 'd' }, 1700000000000.25).seq, 1700000000000250);
  assert.equal(outbox.add({ op: 'e' }, 5).seq, 1700000000000251, 'never behind the last');
});

test('changes another tab queued join in their places, once', () => {
  const outbox = new offline.Outbox([{ seq: 10, op: { op: 'a' } }, { seq: 30, op: { op: 'c' } }]);
  const joined = outbox.merge([{ seq: 10, op: { op: 'a' } }, { seq: 20, op: { op: 'b' } }, { seq: 40, op: { op: 'd' } }]);
  assert.equal(joined, 2);
  assert.deepEqual(outbox.ops.map((entry) => entry.op), ['a', 'b', 'c', 'd']);
  assert.equal(outbox.merge([{ seq: 20, op: { op: 'b' } }]), 0);
  assert.equal(outbox.add({ op: 'e' }).seq, 41);
});

test('retries wait 1 s, doubling, never more than 30 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 20].map(offline.backoff), [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
});

test('the status line tells the truth', () => {
  const base = { reachable: true, live: true, syncing: false, waiting: 0, refusal: null };
  const cases = [
    [{}, 'Live', 'live'],
    [{ live: false }, 'Reconnecting…', 'reconnecting'],
    [{ reachable: false, live: false }, 'Offline', 'offline'],
    [{ reachable: false, waiting: 1 }, 'Offline · 1 change waiting', 'offline'],
    [{ reachable: false, waiting: 3 }, 'Offline · 3 changes waiting', 'offline'],
    [{ syncing: true, waiting: 3 }, 'Syncing…', 'syncing'],
    [{ reachable: false, live: false, syncing: true, waiting: 3 }, 'Syncing…', 'syncing'],
    [{ waiting: 2 }, 'Syncing… · 2 changes waiting', 'syncing'],
    [{ refusal: 'Milk was removed on another phone' }, 'Not saved: Milk was removed on another phone', 'refused'],
  ];
  for (const [change, text, state] of cases) {
    assert.equal(offline.statusText({ ...base, ...change }), text, JSON.stringify(change));
    assert.equal(offline.statusState({ ...base, ...change }), state, JSON.stringify(change));
  }
});
