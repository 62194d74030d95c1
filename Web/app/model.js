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

/** 1.5, 0.25, 2: at most three decimals, no trailing zeros (as Quantity.format). */
export function formatAmount(amount) {
  return String(Math.round(amount * 1000) / 1000);
}

/** "2", "500 ml", "1.5 L": the chip text (as Quantity.chipText). */
export function chipText(quantity) {
  const number = formatAmount(quantity.amount);
  return quantity.unit === 'units' ? number : `${number} ${quantity.unit}`;
}

/**
 * The quantity editor's arithmetic, from the server's rules table
 * (GET /api/v1/quantity-rules: step, start and max per unit, and each unit's dimension).
 */
export class QuantityRules {
  constructor(table) {
    this.units = table.units;
  }

  tidy(amount, unit) {
    return unit === 'units' ? Math.round(amount) : Math.round(amount * 1000) / 1000;
  }

  starting(unit) {
    return { amount: this.units[unit].start, unit };
  }

  /** ml↔L and g↔kg keep the amount; another kind of unit starts fresh (never "500 units"). */
  switching(quantity, unit) {
    if (quantity.unit === unit) return quantity;
    const from = this.units[quantity.unit];
    const to = this.units[unit];
    if (from.dimension !== to.dimension) return this.starting(unit);
    const factor = (u) => (u === 'L' || u === 'kg' ? 1000 : 1);
    return { amount: this.tidy((quantity.amount * factor(quantity.unit)) / factor(unit), unit), unit };
  }

  increment(quantity) {
    const { step, max } = this.units[quantity.unit];
    const next = Math.floor(quantity.amount / step + 1e-9) * step + step;
    return { amount: this.tidy(Math.min(next, max), quantity.unit), unit: quantity.unit };
  }

  decrement(quantity) {
    const { step } = this.units[quantity.unit];
    const next = Math.ceil(quantity.amount / step - 1e-9) * step - step;
    return { amount: this.tidy(Math.max(next, 0), quantity.unit), unit: quantity.unit };
  }

  /** Forgiving typed entry: "750 ml" → 750, "1,5" → 1.5; nonsense keeps `old`. */
  typed(text, unit, old) {
    const value = parseAmount(text);
    if (value === null || value < 0 || value > this.units[unit].max) return old;
    return this.tidy(value, unit);
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
