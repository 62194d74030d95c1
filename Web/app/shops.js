// The Shops screen at #/shops: the household's shops, the one you are in marked, each with the
// aisles it has learnt in walking order (↑ ↓ puts one right); add, choose, rename and remove a
// shop, and walk the list in a shop's order. Every rule is the server's (/api/v3/shops, the
// core's ShopBook); a shop learns its walking order from check-offs, the list's moves and here.

import { ApiError, call, pairAgainIfUnpaired } from './api.js';
import { h, redraw, screenHead } from './template.js';

const $ = (id) => document.getElementById(id);

export class Shops {
  constructor() {
    this.area = $('shops-area');
    this.state = null;
  }

  show(visible) {
    this.area.hidden = !visible;
  }

  leave() {}

  /** The screen is shown (app.js's router has given it the page). */
  async enter() {
    this.state = { shops: null, current: null, renaming: null, removing: null, message: '', isError: false, busy: false };
    this.draw();
    await this.load();
    $('shops-title')?.focus();
  }

  async load() {
    try {
      const answer = await call('GET', '/api/v3/shops');
      Object.assign(this.state, { shops: answer.shops, current: answer.current });
    } catch (error) {
      this.fail(error);
    }
    this.draw();
  }

  fail(error) {
    pairAgainIfUnpaired(error, () => this.show(false));
    const offline = error instanceof ApiError && error.status === 0;
    this.say(offline ? 'Shops can be changed when Basket can be reached.' : error.message, true);
  }

  say(message, isError = false) {
    Object.assign(this.state, { message, isError });
    this.draw();
  }

  /** Runs a change on the server, then reads the shops again; says what happened. */
  async change(body, done) {
    if (this.state.busy) return;
    this.state.busy = true;
    try {
      await body();
      this.state.busy = false;
      await this.load();
      if (done) this.say(done);
    } catch (error) {
      this.state.busy = false;
      this.fail(error);
    }
  }

  ui() {
    return {
      onAdd: (name) => this.change(() => call('POST', '/api/v3/shops', { name }), `Added ${name.trim()}.`),
      onUse: (shop) => this.change(() => call('PUT', '/api/v3/shops/current', { shop: shop.name }), `You are in ${shop.name}.`),
      onLeave: () => this.change(() => call('PUT', '/api/v3/shops/current', { shop: null }), 'No shop chosen: check-offs teach no shop.'),
      onRename: (shop) => {
        this.state.renaming = shop.id;
        this.draw();
        document.querySelector('.shop-rename-input')?.focus();
      },
      onRenamed: (shop, name) => {
        this.state.renaming = null;
        if (!name.trim() || name.trim() === shop.name) {
          this.draw();
          return;
        }
        this.change(() => call('PATCH', `/api/v3/shops/${encodeURIComponent(shop.id)}`, { name }), `Renamed ${shop.name} to ${name.trim()}.`);
      },
      onMoveAisle: (shop, aisle, offset) => this.change(
        () => call('POST', `/api/v3/shops/${encodeURIComponent(shop.id)}/aisles`, { category: aisle.category, offset }),
        `${aisle.title} is ${offset < 0 ? 'nearer the door' : 'further in'} at ${shop.name} now.`),
      onRemove: (shop) => {
        this.state.removing = shop.id;
        this.draw();
      },
      onRemoveSure: (shop) => {
        this.state.removing = null;
        this.change(() => call('DELETE', `/api/v3/shops/${encodeURIComponent(shop.id)}`), `Removed ${shop.name} and what it learnt.`);
      },
      onCancel: () => {
        Object.assign(this.state, { removing: null, renaming: null });
        this.draw();
      },
      onWalk: async (shop) => {
        try {
          if (shop.id !== this.state.current) await call('PUT', '/api/v3/shops/current', { shop: shop.name });
          location.hash = '#/';
          document.dispatchEvent(new CustomEvent('basket:walk'));
        } catch (error) {
          this.fail(error);
        }
      },
    };
  }

  draw() {
    if (!this.state) return;
    redraw(this.area, ...this.screen(this.state, this.ui()));
  }

  screen(state, ui) {
    return [
      ...screenHead('shops', 'Shops', state.message, state.isError),
      state.shops === null ? null : this.shopList(state, ui),
      this.addForm(state, ui),
    ];
  }

  shopList(state, ui) {
    if (!state.shops.length) {
      return h('p', { class: 'card recipes-none' },
        'No shops yet. Add the shops you buy at: checking things off in one teaches Basket the order you walk it.');
    }
    return h('ul', { class: 'shop-cards', 'aria-label': 'Your shops' },
      state.shops.map((shop) => this.shopCard(shop, state, ui)));
  }

  shopCard(shop, state, ui) {
    const current = shop.id === state.current;
    const aisles = shop.aisles || [];
    const name = state.renaming === shop.id
      ? h('form', {
        class: 'shop-rename',
        onsubmit: (event) => { event.preventDefault(); ui.onRenamed(shop, event.target.elements.name.value); },
      },
        h('label', { class: 'visually-hidden', for: `shop-name-${shop.id}` }, `New name for ${shop.name}`),
        h('input', {
          id: `shop-name-${shop.id}`, name: 'name', class: 'shop-rename-input', value: shop.name, maxlength: 60,
          autocomplete: 'off', dataset: { focusKey: `shop-rename-${shop.id}` },
        }),
        h('button', { type: 'submit', class: 'button small' }, 'Save'),
        h('button', { type: 'button', class: 'button small quiet', onclick: ui.onCancel }, 'Cancel'))
      : h('h3', { class: 'shop-name' }, shop.name, current ? h('span', { class: 'shop-here' }, ' · you are here') : null);
    const removing = state.removing === shop.id;
    return h('li', { class: current ? 'card shop-card current' : 'card shop-card', dataset: { shop: shop.id } },
      name,
      aisles.length
        ? h('div', { class: 'shop-aisles' },
          h('p', { class: 'shop-aisles-title', id: `aisles-${shop.id}` }, 'Aisles it has learnt, from the door:'),
          h('ol', { class: 'shop-aisle-list', 'aria-labelledby': `aisles-${shop.id}` },
            aisles.map((aisle, index) => h('li', { class: 'shop-aisle' },
              h('span', { class: 'shop-aisle-title' }, aisle.title),
              h('button', {
                type: 'button', class: 'button small quiet', disabled: state.busy || index === 0,
                'aria-label': `Move ${aisle.title} nearer the door`, dataset: { focusKey: `aisle-up-${shop.id}-${aisle.category}` },
                onclick: () => ui.onMoveAisle(shop, aisle, -1),
              }, '↑'),
              h('button', {
                type: 'button', class: 'button small quiet', disabled: state.busy || index === aisles.length - 1,
                'aria-label': `Move ${aisle.title} further in`, dataset: { focusKey: `aisle-down-${shop.id}-${aisle.category}` },
                onclick: () => ui.onMoveAisle(shop, aisle, 1),
              }, '↓')))))
        : h('p', { class: 'shop-aisles' }, 'Nothing learnt yet: check things off here and it learns the order you walk it.'),
      removing
        ? h('p', { class: 'shop-confirm', role: 'alert' }, `Remove ${shop.name} and the walking order it learnt? `,
          h('button', { type: 'button', class: 'button small', onclick: () => ui.onRemoveSure(shop) }, 'Remove'),
          h('button', { type: 'button', class: 'button small quiet', onclick: ui.onCancel }, 'Keep it'))
        : h('p', { class: 'shop-actions' },
          current
            ? h('button', { type: 'button', class: 'button small quiet', disabled: state.busy, onclick: ui.onLeave }, "I'm not here")
            : h('button', { type: 'button', class: 'button small', disabled: state.busy, onclick: () => ui.onUse(shop) }, "I'm here"),
          h('button', { type: 'button', class: 'button small quiet', disabled: state.busy, onclick: () => ui.onWalk(shop), 'aria-label': `The list in ${shop.name}'s walking order` }, '🚶 Walk the list'),
          h('button', { type: 'button', class: 'button small quiet', disabled: state.busy, onclick: () => ui.onRename(shop), 'aria-label': `Rename ${shop.name}` }, 'Rename'),
          h('button', { type: 'button', class: 'button small quiet', disabled: state.busy, onclick: () => ui.onRemove(shop), 'aria-label': `Remove ${shop.name}` }, 'Remove')));
  }

  addForm(state, ui) {
    return h('form', {
      class: 'card shop-add', novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        const input = event.target.elements.name;
        if (!input.value.trim()) return;
        ui.onAdd(input.value);
        input.value = '';
      },
    },
      h('label', { for: 'shop-new' }, 'Add a shop'),
      h('input', { id: 'shop-new', name: 'name', maxlength: 60, placeholder: 'Lidl, the Saturday market…', autocomplete: 'off', dataset: { focusKey: 'shop-new' } }),
      h('button', { type: 'submit', class: 'button small', disabled: state.busy }, 'Add'));
  }
}
