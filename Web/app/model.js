// The page's state, free of the DOM: quantity editing (through the core's own rules,
// rules.js), the check-off choreography's timers, client ids.

import { call } from './rules.js';

/** Milliseconds a checked item holds its place before gliding into Got it. */
export const CHECK_OFF_DELAY = 550;

/** A random (version 4) UUID. crypto.randomUUID needs a secure context; this doesn't. */
export function uuid() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A number as the rules read it: JSON has no NaN or infinities, so those go as words. */
function number(value) {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value < 0 ? '-Infinity' : 'Infinity';
  return value;
}

/** 1.5, 0.25, 2: at most three decimals, no trailing zeros (Quantity.format). */
export function formatAmount(amount) {
  return call('formatAmount', number(amount));
}

/** "2", "500 ml", "1.5 L": the chip text (Quantity.chipText). */
export function chipText(quantity) {
  return call('chipText', { amount: number(quantity.amount), unit: quantity.unit });
}

/**
 * Names for a message, most three: "Milk", "Milk and Eggs", "Milk, Eggs and Tea",
 * "Milk, Eggs and 4 more".
 */
export function namesPhrase(names) {
  if (names.length <= 1) return names.join('');
  if (names.length <= 3) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

/**
 * The quantity editor: the core's stepper rules (QuantityRules) for amounts in the list's
 * units, and `recipe` for amounts in a recipe's own unit. `table` (GET /api/v3/quantity-rules)
 * says which units there are and what they are called.
 */
export class QuantityRules {
  constructor(table) {
    this.units = table.units;
    /** Editing an amount in a recipe's own unit ("2¼ cups"); none in a table without them. */
    this.recipe = new RecipeAmountRules(table.recipeUnits || {});
  }

  starting(unit) {
    return { amount: this.units[unit].start, unit };
  }

  /** The unit a word names ("l", "Litres", "kg."), or null (MeasureUnit(word:)). */
  unitNamed(word) {
    return call('quantity.unitNamed', word);
  }

  /** ml↔L and g↔kg keep the amount; another kind of unit starts fresh (never "500 units"). */
  switching(quantity, unit) {
    return call('quantity.switching', plain(quantity), unit);
  }

  increment(quantity) {
    return call('quantity.increment', plain(quantity));
  }

  decrement(quantity) {
    return call('quantity.decrement', plain(quantity));
  }

  /** Forgiving typed entry (QuantityRules.typed): "750" → 750, "1,5 l" → 1.5 L. */
  typed(text, current, allowed) {
    return call('quantity.typed', String(text), plain(current), allowed);
  }
}

const plain = (quantity) => ({ amount: number(quantity.amount), unit: quantity.unit });

/**
 * The editor's rules for an amount in a recipe unit ({amount, unit, packSize?}: "2¼ cups",
 * "3 cans (14 oz)"): the core's RecipeAmountRules and KitchenAmountFormat. `units` (the
 * server's `recipeUnits`) says which units a recipe amount may be edited in.
 */
export class RecipeAmountRules {
  constructor(units) {
    this.units = units;
  }

  knows(unit) {
    return Object.hasOwn(this.units, unit);
  }

  /** "2¼", "2.5", "⅓", "250": kitchen fractions where exact, decimals for metric units. */
  number(value, unit) {
    return call('recipe.number', number(value), unit);
  }

  /** The unit's word after `value`: "cup" after 1, "cups" after 2 or 0 (KitchenUnit.label). */
  word(unit, value) {
    return this.knows(unit) ? call('recipe.word', unit, number(value)) : unit;
  }

  /** "2¼ cups", "1 cup", "3 cans (14 oz)" (ItemAmount.text). */
  text(amount) {
    return call('recipe.text', recipeAmount(amount));
  }

  step(amount, direction) {
    return { ...amount, amount: call('recipe.step', recipeAmount(amount), direction).amount };
  }

  /** "2.5", "2,5", "2½", "2 1/4", "¾" as a number, or null (RecipeAmountRules.number). */
  parse(text) {
    return call('recipe.parse', String(text));
  }

  /** A typed amount in the current unit; text that isn't one, or too much, keeps `current`. */
  typed(text, current) {
    return { ...current, amount: call('recipe.typed', String(text), recipeAmount(current)).amount };
  }
}

const recipeAmount = (amount) => ({ ...amount, amount: number(amount.amount) });

/** The single number in typed text, ignoring unit letters (AmountParser.number). */
export function parseAmount(text) {
  return call('parseAmount', String(text));
}

/** The unit word typed after the number: "1,5 l" → "l", "2" → null (AmountParser.unitWord). */
export function unitWord(text) {
  return call('unitWord', String(text));
}

/**
 * The check-off choreography, so a tap can be seen and taken back: a checked item holds its
 * place for CHECK_OFF_DELAY; checking more in quick succession extends the hold, and when the
 * last delay ends they all move together. `onSettle(ids)` runs then.
 */
export class CheckOff {
  constructor(onSettle, delay = CHECK_OFF_DELAY) {
    this.pending = new Set();
    this.onSettle = onSettle;
    this.delay = delay;
    this.timer = null;
  }

  get isHolding() {
    return this.pending.size > 0;
  }

  has(id) {
    return this.pending.has(id);
  }

  check(id) {
    this.pending.add(id);
    this.restart();
  }

  /** Un-checking during the hold just drops the item from the pending set. */
  cancel(id) {
    this.pending.delete(id);
    if (!this.pending.size) this.settle();
  }

  restart() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.settle(), this.delay);
  }

  settle() {
    clearTimeout(this.timer);
    this.timer = null;
    const ids = [...this.pending];
    this.pending.clear();
    this.onSettle(ids);
  }
}
