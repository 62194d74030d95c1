// The page's state rules, free of the DOM: quantity editing, the check-off choreography,
// client ids. The server's core holds the list rules; these mirror only what must feel
// instant on a phone (see BASKET.md §1 and §4).

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

/** Rounds half away from zero, as Swift's `rounded()` (Math.round rounds half up). */
function roundHalfAway(value) {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * 1.5, 0.25, 2: at most three decimals, no trailing zeros (as Quantity.format). Defined for
 * every number: "NaN", "∞", "-∞", and from a trillion on the shortest exponent form ("1e+20").
 */
export function formatAmount(amount) {
  if (Number.isNaN(amount)) return 'NaN';
  if (!Number.isFinite(amount)) return amount < 0 ? '-∞' : '∞';
  if (Math.abs(amount) >= 1e12) return amount.toExponential();
  const thousandths = roundHalfAway(amount * 1000);
  const whole = Math.trunc(thousandths / 1000);
  let fraction = Math.abs(thousandths % 1000);
  if (fraction === 0) return String(whole);
  let digits = 3;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits -= 1;
  }
  const sign = thousandths < 0 && whole === 0 ? '-' : '';
  return `${sign}${whole}.${String(fraction).padStart(digits, '0')}`;
}

/** "2", "500 ml", "1.5 L": the chip text (as Quantity.chipText). */
export function chipText(quantity) {
  const number = formatAmount(quantity.amount);
  return quantity.unit === 'units' ? number : `${number} ${quantity.unit}`;
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
 * The quantity editor's arithmetic, from the server's rules table (GET /api/v1/quantity-rules:
 * step, start, max, dimension and naming words per unit). Tests/cases/quantity-cases.json holds
 * this file and the core (QuantityRules) to the same answers.
 */
export class QuantityRules {
  constructor(table) {
    this.units = table.units;
    /** Editing an amount in a recipe's own unit ("2¼ cups"); none in a table without them. */
    this.recipe = new RecipeAmountRules(table.recipeUnits || {});
  }

  tidy(amount, unit) {
    return unit === 'units' ? roundHalfAway(amount) : roundHalfAway(amount * 1000) / 1000;
  }

  /** A bad amount made safe to step from: NaN is 0; anything else is pulled into 0…max. */
  clamped(amount, unit) {
    if (Number.isNaN(amount)) return 0;
    return Math.min(Math.max(amount, 0), this.units[unit].max);
  }

  starting(unit) {
    return { amount: this.units[unit].start, unit };
  }

  /** The unit a word names ("l", "Litres", "kg."), or null (as MeasureUnit(word:)). */
  unitNamed(word) {
    const folded = word.toLowerCase().replace(/\.$/, '');
    return Object.keys(this.units).find((unit) => this.units[unit].words.includes(folded)) ?? null;
  }

  /** ml↔L and g↔kg keep the amount; another kind of unit starts fresh (never "500 units"). */
  switching(quantity, unit) {
    if (quantity.unit === unit) return quantity;
    const from = this.units[quantity.unit];
    const to = this.units[unit];
    if (from.dimension !== to.dimension) return this.starting(unit);
    const factor = (u) => (u === 'L' || u === 'kg' ? 1000 : 1);
    const amount = this.clamped(quantity.amount, quantity.unit);
    return { amount: this.tidy((amount * factor(quantity.unit)) / factor(unit), unit), unit };
  }

  increment(quantity) {
    const { step, max } = this.units[quantity.unit];
    const amount = this.clamped(quantity.amount, quantity.unit);
    const next = Math.floor(amount / step + 1e-9) * step + step;
    return { amount: this.tidy(Math.min(next, max), quantity.unit), unit: quantity.unit };
  }

  decrement(quantity) {
    const { step } = this.units[quantity.unit];
    const amount = this.clamped(quantity.amount, quantity.unit);
    const next = Math.ceil(amount / step - 1e-9) * step - step;
    return { amount: this.tidy(Math.max(next, 0), quantity.unit), unit: quantity.unit };
  }

  /**
   * Forgiving typed entry (as QuantityRules.typed): "750" → 750, "1,5" → 1.5. A unit named
   * after the number is used when `allowed` offers it ("1,5 l" while ml is picked → 1.5 L);
   * other letters are ignored. Nonsense, negative or too-large text keeps `current`.
   */
  typed(text, current, allowed) {
    const value = parseAmount(text);
    if (value === null) return current;
    let unit = current.unit;
    const word = unitWord(text);
    const named = word === null ? null : this.unitNamed(word);
    if (named !== null && allowed.includes(named)) unit = named;
    if (!(value <= this.units[unit].max)) return current;
    return { amount: this.tidy(value, unit), unit };
  }
}

const FRACTIONS = [
  [1 / 8, '⅛'], [1 / 4, '¼'], [1 / 3, '⅓'], [1 / 2, '½'], [2 / 3, '⅔'], [3 / 4, '¾'], [3 / 8, '⅜'],
  [5 / 8, '⅝'], [7 / 8, '⅞'],
];

/**
 * The editor's rules for an amount in a recipe unit ({amount, unit, packSize?}: "2¼ cups",
 * "3 cans (14 oz)"), as RecipeAmountRules and KitchenAmountFormat in the core, from the
 * server's `recipeUnits` table (step, max, one, many, decimals per unit).
 * Tests/cases/quantity-cases.json (recipeAmounts) holds both to the same answers.
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
    if (!(this.units[unit] && this.units[unit].decimals)) {
      const whole = Math.floor(value);
      const part = value - whole;
      for (const [fraction, glyph] of FRACTIONS) {
        if (Math.abs(part - fraction) >= 0.004) continue;
        if (fraction === 0.5 && whole >= 1) break;
        return whole === 0 ? glyph : formatAmount(whole) + glyph;
      }
    }
    return formatAmount(value);
  }

  /** The unit's word after `value`: "cup" after 1, "cups" after 2 or 0 (KitchenUnit.label). */
  word(unit, value) {
    const row = this.units[unit];
    if (!row) return unit;
    return value > 1 || value === 0 ? row.many : row.one;
  }

  /** "2¼ cups", "1 cup", "3 cans (14 oz)". */
  text(amount) {
    const part = (value, unit) => `${this.number(value, unit)} ${this.word(unit, value)}`;
    const pack = amount.packSize && amount.packSize.unit
      ? ` (${part(amount.packSize.amount, amount.packSize.unit)})` : '';
    // NB: grams and millilitres from ten up show whole, as ItemAmount.text does.
    const whole = (amount.unit === 'g' || amount.unit === 'ml') && amount.amount >= 10;
    return part(whole ? Math.round(amount.amount) : amount.amount, amount.unit) + pack;
  }

  step(amount, direction) {
    const { step, max } = this.units[amount.unit];
    const value = Math.min(Math.max(Number.isNaN(amount.amount) ? 0 : amount.amount, 0), max);
    const next = direction > 0
      ? Math.floor(value / step + 1e-9) * step + step
      : Math.ceil(value / step - 1e-9) * step - step;
    return { ...amount, amount: roundHalfAway(Math.min(Math.max(next, 0), max) * 1000) / 1000 };
  }

  /** "2.5", "2,5", "2½", "2 1/4", "¾" as a number, or null (as RecipeAmountRules.number). */
  parse(text) {
    const trimmed = text.trim();
    if (!/\p{L}/u.test(trimmed)) {
      const plain = parseAmount(trimmed);
      if (plain !== null) return plain;
    }
    let whole = 0;
    let rest = trimmed;
    const glyphAt = [...rest].findIndex((c) => FRACTIONS.some(([, g]) => g === c));
    const space = rest.indexOf(' ');
    const split = space >= 0 ? space : glyphAt;
    if (split > 0) {
      const value = parseAmount(rest.slice(0, split));
      if (value === null || value !== Math.round(value)) return null;
      whole = value;
      rest = rest.slice(split).replace(/^ +/, '');
    }
    const glyph = FRACTIONS.find(([, g]) => g === rest);
    if (glyph) return whole + glyph[0];
    const parts = rest.split('/');
    if (parts.length !== 2 || !parts.every((p) => /^[0-9]{1,15}$/.test(p))) return null;
    const [top, bottom] = parts.map(Number);
    if (!(bottom > 0) || !Number.isFinite(top)) return null;
    return whole + top / bottom;
  }

  /** A typed amount in the current unit; text that isn't one, or too much, keeps `current`. */
  typed(text, current) {
    const value = this.parse(text);
    if (value === null || !(value <= this.units[current.unit].max)) return current;
    return { ...current, amount: roundHalfAway(value * 1000) / 1000 };
  }
}

/** The single number in typed text, ignoring unit letters (as AmountParser.number). */
export function parseAmount(text) {
  let digits = '';
  let sawSeparator = false;
  let finished = false;
  let negative = false;
  for (const character of text.trim()) {
    if (/^[0-9]$/.test(character)) {
      if (finished) return null;
      digits += character;
    } else if (character === '.' || character === ',') {
      if (finished || sawSeparator) return null;
      sawSeparator = true;
      digits += '.';
    } else if (character === '-' || character === '\u2212') {
      if (digits) return null;
      negative = true;
    } else if (/^\p{L}$/u.test(character) || character === ' ') {
      if (digits) finished = true;
    } else {
      return null;
    }
  }
  if (negative || !/[0-9]/.test(digits) || digits.length > 15) return null;
  const value = Number(digits === '.' ? 'x' : digits);
  return Number.isFinite(value) ? value : null;
}

/** The unit word typed after the number: "1,5 l" → "l", "2" → null (as AmountParser.unitWord). */
export function unitWord(text) {
  let last = text.length - 1;
  while (last >= 0 && !/[0-9]/.test(text[last])) last -= 1;
  if (last < 0) return null;
  const word = text.slice(last + 1).replace(/^[.,]+/, '').trim();
  return word === '' ? null : word;
}

/**
 * The check-off choreography (BASKET.md §1): a checked item holds its place for
 * CHECK_OFF_DELAY; checking more in quick succession extends the hold, and when the last
 * delay ends they all move together. `onSettle(ids)` runs then.
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
