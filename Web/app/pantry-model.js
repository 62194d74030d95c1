// The pantry's page-side helpers, pure and without the DOM: what a barcode look-up offers,
// how a check-in offer reads, and which offers the check-in card shows ("not yet" hides one
// for a while). Every pantry rule stays on the server (WebApp+Pantry.swift, PantryRules).

/** How long "not yet" hides an offer from the check-in card, in ms. */
export const NOT_YET = 4 * 60 * 60 * 1000;

/**
 * What a looked-up or scanned code offers: {text, action, name}. `action` is 'addPackage' (the
 * pantry has it), 'addNamed' (named before) or 'name' (new: the household names it).
 */
export function scanOffer(result) {
  const code = `${result.code} (${result.format})`;
  switch (result.status) {
    case 'inPantry':
      return {
        text: `${code} is ${result.entry.name}, in the pantry: ${result.entry.stock}.`,
        action: 'addPackage', name: result.entry.name,
      };
    case 'named':
      return {
        text: `${code} is ${result.name} (named before), not in the pantry now.`,
        action: 'addNamed', name: result.name,
      };
    default:
      return { text: `${code} is new to this pantry: what is it?`, action: 'name', name: '' };
  }
}

/** What a successful add did, for the status line. */
export function addedText(result) {
  const entry = result.entry;
  return result.outcome === 'merged'
    ? `${entry.name} is in the pantry: now ${entry.stock}.`
    : `Added ${entry.name} to the pantry: ${entry.stock}.`;
}

/** How an offer reads: "2 l → Milk (500 ml left)", "800 g → new". */
export function offerText(offer) {
  return `${offer.amountText} → ${offer.joins ? `joins ${offer.joins}` : 'new in the pantry'}`;
}

/** The recipes an offer was bought for: "for Pancakes, Soup", or ''. */
export function offerRecipes(offer) {
  const titles = (offer.recipes || []).map((recipe) => recipe.title).filter(Boolean);
  return titles.length ? `for ${titles.join(', ')}` : '';
}

/**
 * What Got it holds, as one string: it changes when something is checked off (or checked off
 * again), so the card asks the server for new offers only then.
 */
export function gotItSignature(list) {
  if (!list || !Array.isArray(list.gotIt)) return '';
  return list.gotIt.map((item) => `${item.id}@${item.checkedAt}`).sort().join(' ');
}

/** The offers the card shows at `now`: those not hidden by "not yet". */
export function visibleOffers(offers, snoozed, now) {
  return offers.filter((offer) => !(snoozed[offer.id] > now));
}

/** `snoozed` with `ids` hidden until `now` + NOT_YET. */
export function snooze(snoozed, ids, now) {
  const next = { ...snoozed };
  for (const id of ids) next[id] = now + NOT_YET;
  return next;
}

/** `snoozed` without what is over: ids no longer offered, and times passed. */
export function pruneSnoozed(snoozed, offers, now) {
  const waiting = new Set(offers.map((offer) => offer.id));
  return Object.fromEntries(Object.entries(snoozed).filter(([id, until]) => waiting.has(id) && until > now));
}

/** The product-code formats the page asks a `BarcodeDetector` for, among those it supports. */
export const PRODUCT_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'itf'];

export function detectorFormats(supported) {
  return PRODUCT_FORMATS.filter((format) => supported.includes(format));
}
