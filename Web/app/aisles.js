// To get grouped by aisle category, under headings: the supermarket walk's categories in the
// walk's order (GET /api/v3/categories; ItemCategory on the server holds every rule, and each
// item's JSON says its `category`). Moving an item to another aisle is remembered for its
// name (PUT /api/v3/items/{id}/category). The categories are kept on the phone, so grouping
// works offline; a move needs the server.

import { call } from './api.js';
import { uuid } from './model.js';

const KEY = 'basket.aisles';
const CATEGORIES = 'basket.categories';

/**
 * To get as grouped: headings ({heading, id: 'category:NAME', title, ids}) each followed by
 * their items, in `categories`' order; a category the phone doesn't know next, and items of
 * none last under `elsewhere`. Each group keeps To get's order.
 */
export function groups(toGet, categories, elsewhere) {
  const order = new Map(categories.map((entry, index) => [entry.category, index]));
  const titles = new Map(categories.map((entry) => [entry.category, entry.title]));
  const byCategory = new Map();
  for (const item of toGet) {
    const category = item.category || null;
    if (!byCategory.has(category)) byCategory.set(category, []);
    byCategory.get(category).push(item);
  }
  const rank = (category) => (category === null ? categories.length + 1 : order.get(category) ?? categories.length);
  const kinds = [...byCategory.keys()].map((category, seen) => ({ category, seen }))
    .sort((a, b) => rank(a.category) - rank(b.category) || a.seen - b.seen);
  const entries = [];
  for (const { category } of kinds) {
    const items = byCategory.get(category);
    const title = category === null ? elsewhere : titles.get(category) || category;
    entries.push({ heading: true, id: `category:${category ?? ''}`, title, ids: items.map((item) => item.id) });
    entries.push(...items);
  }
  return entries;
}

export class Aisles {
  constructor({ onChange, onMoved }) {
    this.onChange = onChange;
    this.onMoved = onMoved;
    this.on = localStorage.getItem(KEY) === 'on';
    const kept = Aisles.kept();
    this.categories = kept.categories;
    this.elsewhere = kept.elsewhere;
    this.message = '';
    this.loading = null;
  }

  /** The categories as last read, or none. */
  static kept() {
    try {
      const kept = JSON.parse(localStorage.getItem(CATEGORIES) || 'null');
      if (kept && Array.isArray(kept.categories)) return kept;
    } catch {
      // NB: a damaged copy is read again from the server.
    }
    return { categories: [], elsewhere: 'Elsewhere' };
  }

  /** Turns grouping on or off (remembered on this phone); on, reads the categories. */
  async toggle(on = !this.on) {
    this.on = on;
    localStorage.setItem(KEY, on ? 'on' : 'off');
    this.message = '';
    this.onChange();
    if (on) await this.load();
  }

  /** Reads the categories; keeps the phone's copy when offline. */
  load() {
    if (!this.loading) {
      this.loading = (async () => {
        try {
          const answer = await call('GET', '/api/v3/categories');
          this.categories = answer.categories;
          this.elsewhere = answer.elsewhere;
          localStorage.setItem(CATEGORIES, JSON.stringify(answer));
        } catch (error) {
          if (!this.categories.length) this.message = error.message;
        }
        this.onChange();
      })().finally(() => { this.loading = null; });
    }
    return this.loading;
  }

  entries(toGet) {
    if (this.on && !this.categories.length && !this.loading && !this.message) this.load();
    return groups(toGet, this.categories, this.elsewhere);
  }

  /** Moves `item` to `category`; says why when the server refuses or can't be reached. */
  async move(item, category) {
    try {
      await call('PUT', `/api/v3/items/${encodeURIComponent(item.id)}/category`, { category, op: uuid() });
      this.message = '';
      await this.onMoved();
    } catch (error) {
      this.message = error.status === 0
        ? `Not moved: the server can't be reached. Move ${item.name} again when you're back online.`
        : error.message;
    }
    this.onChange();
  }
}
