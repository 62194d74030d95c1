// The list in the current shop's walking order: To get cut into one stretch per aisle
// (category), in the order the shop was learnt from check-offs (ShopBook on the server, which
// holds every rule). Moving an item or a whole aisle sends To get as the user left it, and the
// shop learns from that. Offline, the last walk the phone saw is kept and moves wait for the
// server to be asked again.

import { call } from './api.js';

const KEY = 'basket.walking';
/** How long after the last move the order left is taught to the shop, in ms. */
const TEACH_AFTER = 1200;

/**
 * To get as the walk shows it: headings ({heading, id: 'aisle:N', title, ids}) each followed by
 * their items, in the walk's order; items the walk doesn't know yet (added since) come last
 * under "Not placed yet", in list order.
 */
export function arrange(toGet, stretches) {
  const byId = new Map(toGet.map((item) => [item.id, item]));
  const entries = [];
  const placed = new Set();
  stretches.forEach((stretch, index) => {
    const items = stretch.items.map((id) => byId.get(id)).filter((item) => item && !placed.has(item.id));
    if (!items.length) return;
    entries.push({ heading: true, id: `aisle:${index}`, title: stretch.title, ids: items.map((item) => item.id) });
    for (const item of items) {
      placed.add(item.id);
      entries.push(item);
    }
  });
  const rest = toGet.filter((item) => !placed.has(item.id));
  if (rest.length) {
    entries.push({ heading: true, id: 'aisle:new', title: 'Not placed yet', ids: rest.map((item) => item.id) });
    entries.push(...rest);
  }
  return entries;
}

/** The item ids of `entries` with `id` moved `offset` places (clamped), or null if it can't move. */
export function moveItem(entries, id, offset) {
  const ids = entries.filter((entry) => !entry.heading).map((entry) => entry.id);
  const from = ids.indexOf(id);
  const to = Math.max(0, Math.min(ids.length - 1, from + offset));
  if (from < 0 || to === from) return null;
  ids.splice(to, 0, ...ids.splice(from, 1));
  return ids;
}

/** The item ids of `entries` with the aisle `headingId` moved `offset` aisles, or null. */
export function moveAisle(entries, headingId, offset) {
  const aisles = entries.filter((entry) => entry.heading);
  const from = aisles.findIndex((entry) => entry.id === headingId);
  const to = from + offset;
  if (from < 0 || offset === 0 || to < 0 || to >= aisles.length) return null;
  aisles.splice(to, 0, ...aisles.splice(from, 1));
  return aisles.flatMap((aisle) => aisle.ids);
}

/** The stretches `ids` make when laid out in that order over the old ones' headings. */
export function reorder(stretches, ids) {
  const titleOf = new Map();
  for (const stretch of stretches) for (const id of stretch.items) titleOf.set(id, stretch);
  const result = [];
  for (const id of ids) {
    const from = titleOf.get(id) || { category: null, title: 'Not placed yet' };
    const last = result[result.length - 1];
    if (last && last.title === from.title) last.items.push(id);
    else result.push({ category: from.category, title: from.title, items: [id] });
  }
  return result;
}

export class Walking {
  constructor({ onChange }) {
    this.onChange = onChange;
    this.on = localStorage.getItem(KEY) === 'on';
    this.shops = [];
    this.current = null; // the current shop's id
    this.stretches = [];
    this.message = '';
    this.loading = null;
    this.again = null; // the read asked for while one was under way
    this.known = new Set(); // the ids the last walk placed
    this.askedAbout = ''; // the unplaced ids a walk was last asked for
    this.pending = null; // the order left by moves not yet taught
    this.teachTimer = null;
    // Leaving the page (or hiding it) teaches what is waiting at once.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.teach();
    });
  }

  get shop() {
    return this.shops.find((shop) => shop.id === this.current) || null;
  }

  /** Shows the list in the current shop's walking order (the Shops screen's "Walk the list"). */
  async turnOn() {
    if (this.on) {
      await this.load();
      return;
    }
    await this.toggle();
  }

  async toggle() {
    this.on = !this.on;
    localStorage.setItem(KEY, this.on ? 'on' : 'off');
    this.onChange();
    if (this.on) await this.load();
  }

  /**
   * Reads the shops and the current shop's walk; keeps the last ones when offline. Asked while a
   * read is under way, it reads once more after it: that read may have begun before the change
   * the caller waits to see (a shop just added).
   */
  load() {
    if (this.loading) {
      if (!this.again) {
        this.again = this.loading.then(() => {
          this.again = null;
          return this.load();
        });
      }
      return this.again;
    }
    this.loading = (async () => {
      try {
        const shops = await call('GET', '/api/v3/shops');
        this.shops = shops.shops;
        this.current = shops.current;
        const walk = await call('GET', '/api/v3/walking-order');
        if (!this.pending) this.took(walk);
        this.message = '';
      } catch (error) {
        this.message = error.status === 0 ? 'Offline: this is the walk the phone saw last.' : error.message;
      }
      this.onChange();
    })().finally(() => { this.loading = null; });
    return this.loading;
  }

  took(walk) {
    this.stretches = walk.stretches;
    this.known = new Set(walk.stretches.flatMap((stretch) => stretch.items));
  }

  /** To get arranged by the walk; items it hasn't placed yet ask the server once for a new walk. */
  entries(toGet) {
    const unplaced = toGet.filter((item) => !this.known.has(item.id)).map((item) => item.id).join(',');
    if (this.on && this.shop && unplaced && unplaced !== this.askedAbout && !this.loading) {
      this.askedAbout = unplaced; // NB: asked once per set: an item only this phone has stays unplaced
      this.load();
    }
    return arrange(toGet, this.stretches);
  }

  /**
   * Adds a shop and walks it as the one you are in (the bar asks which shop you are in); true
   * when it was added, so the name typed can be cleared.
   */
  async addShop(name) {
    try {
      await call('POST', '/api/v3/shops', { name });
      await call('PUT', '/api/v3/shops/current', { shop: name });
    } catch (error) {
      return this.refused(error);
    }
    await this.load();
    return true;
  }

  async choose(name) {
    try {
      await call('PUT', '/api/v3/shops/current', { shop: name });
    } catch (error) {
      return this.refused(error);
    }
    await this.load();
    return true;
  }

  /** Says why the server refused (a name taken, say) until the next walk is read. */
  refused(error) {
    this.message = error.status === 0 ? 'Offline: shops can be added and chosen once back online.' : error.message;
    this.onChange();
    return false;
  }

  /**
   * Shows `ids` in that order at once; the shop is taught the order left once moving stops
   * (a few presses of ↑ are one correction, not several that outvote each other).
   */
  move(ids) {
    if (!ids) return;
    this.stretches = reorder(this.stretches, ids);
    this.pending = ids;
    clearTimeout(this.teachTimer);
    this.teachTimer = setTimeout(() => this.teach(), TEACH_AFTER);
    this.onChange();
  }

  /** Sends the order left by the last moves now; the answer is the walk the shop now gives. */
  async teach() {
    clearTimeout(this.teachTimer);
    const ids = this.pending;
    if (!ids) return;
    this.pending = null;
    try {
      const walk = await call('POST', '/api/v3/walking-order', { order: ids });
      if (!this.pending) this.took(walk); // NB: a move made meanwhile is shown until it is taught
      this.message = '';
    } catch (error) {
      this.message = error.status === 0
        ? "Not learnt: the server can't be reached. Move it again when you're back online."
        : error.message;
    }
    this.onChange();
  }
}

/**
 * Lets rows be dragged by their handles (`.drag-handle`) inside `container`: an item among
 * items, an aisle heading with its items. `onDrop(ids)` gets the item ids in their new order.
 */
export function dragToReorder(container, onDrop) {
  let drag = null;
  const rowsOf = (heading) => {
    const rows = [heading];
    for (let next = heading.nextElementSibling; next && !next.classList.contains('aisle'); next = next.nextElementSibling) {
      rows.push(next);
    }
    return rows;
  };
  // NB: moving rows in the document drops pointer capture, so the drag follows the pointer on
  // the window rather than on the handle.
  const follow = (event) => {
    if (!drag) return;
    const aisle = drag.rows[0].classList.contains('aisle');
    const others = [...container.children].filter((row) => !drag.rows.includes(row)
      && (aisle ? row.classList.contains('aisle') : row.classList.contains('item') || row.classList.contains('aisle')));
    const anchor = others.find((row) => {
      const box = row.getBoundingClientRect();
      return event.clientY < box.top + box.height / 2;
    }) || null;
    const after = drag.rows[drag.rows.length - 1].nextElementSibling;
    if (anchor === after) return;
    const fragment = document.createDocumentFragment();
    for (const moving of drag.rows) fragment.appendChild(moving);
    container.insertBefore(fragment, anchor);
    drag.moved = true;
  };
  const finish = () => {
    if (!drag) return;
    window.removeEventListener('pointermove', follow);
    window.removeEventListener('pointerup', finish);
    window.removeEventListener('pointercancel', finish);
    for (const moving of drag.rows) moving.classList.remove('dragging');
    const { moved } = drag;
    drag = null;
    if (moved) onDrop([...container.querySelectorAll(':scope > li.item')].map((row) => row.dataset.id));
  };
  container.addEventListener('pointerdown', (event) => {
    const handle = event.target.closest('.drag-handle');
    if (!handle || !container.contains(handle) || drag) return;
    const row = handle.closest('li');
    event.preventDefault();
    drag = { rows: row.classList.contains('aisle') ? rowsOf(row) : [row], moved: false };
    for (const moving of drag.rows) moving.classList.add('dragging');
    window.addEventListener('pointermove', follow);
    window.addEventListener('pointerup', finish);
    window.addEventListener('pointercancel', finish);
  });
}
