// The pantry's page-side helpers (Web/app/pantry-model.js): what a looked-up code offers, how
// check-in offers read, when the card asks the server again, and how long "not yet" hides an
// offer. Run: node --test Tests/js/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  NOT_YET, addedText, detectorFormats, gotItSignature, offerRecipes, offerText, pruneSnoozed, scanOffer, snooze,
  visibleOffers,
} from '../../Web/app/pantry-model.js';

test('a looked-up code offers a package more, the name given before, or naming it', () => {
  const entry = { name: 'Cola', stock: '2 × 330 ml' };
  assert.deepEqual(scanOffer({ code: '036000291452', format: 'UPC-A', status: 'inPantry', entry, name: 'Cola' }), {
    text: '036000291452 (UPC-A) is Cola, in the pantry: 2 × 330 ml.', action: 'addPackage', name: 'Cola',
  });
  assert.deepEqual(scanOffer({ code: '96385074', format: 'EAN-8', status: 'named', entry: null, name: 'Muesli' }), {
    text: '96385074 (EAN-8) is Muesli (named before), not in the pantry now.', action: 'addNamed', name: 'Muesli',
  });
  assert.deepEqual(scanOffer({ code: '4006381333931', format: 'EAN-13', status: 'unknown', entry: null, name: null }), {
    text: '4006381333931 (EAN-13) is new to this pantry: what is it?', action: 'name', name: '',
  });
});

test('an add says whether it made an entry or added to one', () => {
  assert.equal(addedText({ outcome: 'added', entry: { name: 'Rice', stock: '2 × 1 kg' } }), 'Added Rice to the pantry: 2 × 1 kg.');
  assert.equal(addedText({ outcome: 'merged', entry: { name: 'Rice', stock: '3 × 1 kg' } }), 'Rice is in the pantry: now 3 × 1 kg.');
});

test('an offer reads as its amount, where it goes, and what it was bought for', () => {
  // NB: the amount's words are the core's (CheckinOffer.amountText, CheckinTests).
  const milk = { amountText: '2 l', joins: 'Milk', recipes: [] };
  assert.equal(offerText(milk), '2 l → joins Milk');
  assert.equal(offerRecipes(milk), '');
  const tins = { amountText: '5 × 400 g', joins: null, recipes: [{ id: null, title: 'Chilli' }, { id: 'x', title: 'Soup' }] };
  assert.equal(offerText(tins), '5 × 400 g → new in the pantry');
  assert.equal(offerRecipes(tins), 'for Chilli, Soup');
});

test('Got it changes its signature only when something is checked off anew', () => {
  const a = { id: 'a', checkedAt: '2026-07-06T10:00:00.000Z' };
  const b = { id: 'b', checkedAt: '2026-07-06T10:00:05.000Z' };
  assert.equal(gotItSignature({ gotIt: [a, b] }), gotItSignature({ gotIt: [b, a] }), 'order does not matter');
  assert.notEqual(gotItSignature({ gotIt: [a] }), gotItSignature({ gotIt: [a, b] }));
  const again = { ...a, checkedAt: '2026-07-06T11:00:00.000Z' };
  assert.notEqual(gotItSignature({ gotIt: [a] }), gotItSignature({ gotIt: [again] }), 'checked off again');
  assert.equal(gotItSignature({ gotIt: [] }), '');
  assert.equal(gotItSignature(null), '');
});

test('"not yet" hides an offer until its time has passed, and is forgotten once decided', () => {
  const offers = [{ id: 'milk' }, { id: 'eggs' }];
  const now = 1_000_000;
  let snoozed = snooze({}, ['milk'], now);
  assert.equal(snoozed.milk, now + NOT_YET);
  assert.deepEqual(visibleOffers(offers, snoozed, now).map((o) => o.id), ['eggs']);
  assert.deepEqual(visibleOffers(offers, snoozed, now + NOT_YET - 1).map((o) => o.id), ['eggs']);
  assert.deepEqual(visibleOffers(offers, snoozed, now + NOT_YET).map((o) => o.id), ['milk', 'eggs']);
  snoozed = snooze(snoozed, ['eggs'], now + 10);
  assert.deepEqual(visibleOffers(offers, snoozed, now + 20), []);
  // Milk decided elsewhere: its "not yet" goes; eggs' stays until it passes.
  assert.deepEqual(pruneSnoozed(snoozed, [{ id: 'eggs' }], now + 20), { eggs: now + 10 + NOT_YET });
  assert.deepEqual(pruneSnoozed(snoozed, offers, now + 10 + NOT_YET), {});
  assert.ok(NOT_YET >= 60 * 60 * 1000, 'long enough to finish the shop');
});

test('the camera asks only for product-code formats the browser reads', () => {
  assert.deepEqual(detectorFormats(['qr_code', 'upc_a', 'ean_13', 'code_128']), ['ean_13', 'upc_a']);
  assert.deepEqual(detectorFormats(['itf', 'ean_8']), ['ean_8', 'itf']);
  assert.deepEqual(detectorFormats(['qr_code']), []);
});
