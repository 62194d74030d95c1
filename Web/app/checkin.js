// The check-in card on the list: after a shop, what was checked off (items from recipes, or
// with a pantry entry of their name) is offered to the pantry, each with its amount. Accept,
// change the amount, skip, or "not yet" (the card brings it back in a few hours). The list's
// controller says when the server's list changed ('basket:list'); the card asks the server
// for offers only when Got it holds something new.

import { ApiError } from './api.js';
import { checkinApi } from './pantry-api.js';
import { gotItSignature, offerRecipes, offerText, pruneSnoozed, snooze, visibleOffers } from './pantry-model.js';
import { h, replaceChildren } from './template.js';

/** How long the card waits after a check-off before asking (several come at once), in ms. */
const SETTLE = 700;
const SNOOZED = 'basket-checkin-not-yet';

export class CheckinCard {
  constructor() {
    this.card = document.getElementById('checkin-card');
    this.offers = [];
    this.seen = null; // Got it's signature when the server was last asked
    this.revision = null; // the list's revision last heard
    this.timer = null;
    this.editing = null; // the offer whose amount is being changed
    this.typed = null; // the amount typed for it so far (null: nothing typed yet)
    this.message = '';
    this.busy = false;
    this.decided = 0; // decisions the server has answered
    document.addEventListener('basket:list', (event) => this.listChanged(event.detail && event.detail.list));
  }

  snoozed() {
    try {
      return JSON.parse(localStorage.getItem(SNOOZED) || '{}') || {};
    } catch {
      return {};
    }
  }

  keep(snoozed) {
    try {
      localStorage.setItem(SNOOZED, JSON.stringify(snoozed));
    } catch {
      // Storage refused: "not yet" can't be kept, so the offer shows again.
    }
  }

  /**
   * The server's list changed: when Got it holds something new, ask for offers soon; while
   * the card shows offers, read them again on any change (another phone may have decided).
   */
  listChanged(list) {
    if (!list) return;
    const signature = gotItSignature(list);
    const moved = list.revision !== this.revision;
    this.revision = list.revision;
    if (signature === this.seen && !(moved && this.offers.length)) return;
    const fresh = signature !== this.seen;
    this.seen = signature;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.ask(fresh), SETTLE);
  }

  /** Reads the offers: with `fresh`, after offering what is newly checked off. */
  async ask(fresh = true) {
    // NB: on a slow connection two asks can cross: only the latest one's answer is drawn.
    const asked = (this.asking = (this.asking || 0) + 1);
    const decided = this.decided;
    try {
      const offers = (await (fresh ? checkinApi.offer() : checkinApi.waiting())).offers;
      if (asked !== this.asking) return;
      // A decision answered meanwhile: this answer may be from before it (and bring back an
      // offer just decided), so read the offers again.
      if (this.decided !== decided) {
        this.ask(false);
        return;
      }
      this.offers = offers;
    } catch (error) {
      if (asked !== this.asking) return;
      // Offline or unpaired: the card waits for the next list.
      if (!(error instanceof ApiError)) throw error;
      this.seen = null;
      return;
    }
    this.keep(pruneSnoozed(this.snoozed(), this.offers, Date.now()));
    this.draw();
  }

  async decide(work, done) {
    this.busy = true;
    this.draw();
    try {
      const answer = await work();
      this.decided += 1;
      this.offers = answer.offers;
      this.message = done(answer);
      this.editing = null;
      this.typed = null;
    } catch (error) {
      this.message = error instanceof ApiError ? error.message : 'Something went wrong.';
    }
    this.busy = false;
    this.draw();
  }

  notYet(ids) {
    this.keep(snooze(this.snoozed(), ids, Date.now()));
    this.message = '';
    this.draw();
  }

  draw() {
    const shown = visibleOffers(this.offers, this.snoozed(), Date.now());
    const active = document.activeElement;
    const key = active && this.card.contains(active) ? active.dataset.focusKey : undefined;
    // NB: the caret of a field being typed in stays where it was in the field drawn anew.
    const caret = key && active.matches('input') ? [active.selectionStart, active.selectionEnd] : null;
    if (!shown.length) {
      // The last one decided: the card goes, and says how it went to screen readers.
      if (this.message) document.getElementById('announcer').textContent = this.message;
      replaceChildren(this.card);
      this.card.hidden = true;
      if (key !== undefined) document.getElementById('add-input')?.focus();
      return;
    }
    this.card.hidden = false;
    replaceChildren(this.card,
      h('div', { class: 'section-head' },
        h('h2', { id: 'checkin-title', class: 'section-title small' }, 'Into the pantry?'),
        h('button', {
          type: 'button', class: 'button small quiet', dataset: { focusKey: 'checkin-later' },
          'aria-label': 'Not yet: ask about these later', onclick: () => this.notYet(shown.map((offer) => offer.id)),
        }, 'Later')),
      h('p', { class: 'recipes-none' }, 'From what you checked off. Add each to the pantry, or skip it.'),
      h('ul', { class: 'checkin-offers' }, shown.map((offer) => this.offer(offer))),
      h('p', { id: 'checkin-status', class: 'recipes-status', role: 'status' }, this.message));
    if (!key) return;
    const focus = this.card.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
    focus?.focus();
    if (caret && focus?.matches('input')) focus.setSelectionRange(...caret);
  }

  offer(offer) {
    const recipes = offerRecipes(offer);
    const editing = this.editing === offer.id;
    const cancel = () => {
      this.editing = null;
      this.typed = null;
      this.draw();
      this.card.querySelector(`[data-focus-key="amount:${CSS.escape(offer.id)}"]`)?.focus();
    };
    const accept = (amount) => this.decide(() => checkinApi.accept(offer.id, amount), (answer) => `${answer.entry.name}: ${answer.entry.stock}.`);
    return h('li', { class: 'checkin-offer', dataset: { id: offer.id } },
      h('div', { class: 'pantry-main' },
        h('span', { class: 'pantry-name' }, offer.name),
        h('span', { class: 'recipe-meta' }, offerText(offer)),
        recipes ? h('span', { class: 'recipe-meta' }, recipes) : null),
      editing
        ? h('form', {
            class: 'pantry-use',
            onsubmit: (event) => { event.preventDefault(); accept(event.target.elements.amount.value.trim() || null); },
            onkeydown: (event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              event.stopPropagation();
              cancel();
            },
          },
            h('label', { for: `checkin-amount-${offer.id}`, class: 'visually-hidden' }, `How much ${offer.name} came home`),
            h('input', {
              id: `checkin-amount-${offer.id}`, name: 'amount', type: 'text', maxlength: 40, class: 'use-amount',
              // NB: kept, so a redraw (the offers read again as the list moves) never wipes what is being typed.
              value: this.typed ?? (offer.amount ? offer.amount.text : ''), dataset: { focusKey: `amount-input:${offer.id}` },
              oninput: (event) => { this.typed = event.target.value; },
            }),
            h('button', { type: 'submit', class: 'button small', disabled: this.busy }, 'Add'),
            h('button', { type: 'button', class: 'button small quiet', onclick: cancel }, 'Cancel'))
        : h('div', { class: 'pantry-actions' },
            h('button', {
              type: 'button', class: 'button small', disabled: this.busy, 'aria-label': `Add ${offer.name} to the pantry`,
              dataset: { focusKey: `accept:${offer.id}` }, onclick: () => accept(null),
            }, 'Add'),
            h('button', {
              type: 'button', class: 'button small quiet', 'aria-label': `Change how much ${offer.name}`,
              dataset: { focusKey: `amount:${offer.id}` },
              onclick: () => {
                this.editing = offer.id;
                this.typed = null;
                this.draw();
                const input = this.card.querySelector(`#checkin-amount-${CSS.escape(offer.id)}`);
                input?.focus();
                input?.select();
              },
            }, 'Amount…'),
            h('button', {
              type: 'button', class: 'button small quiet', disabled: this.busy, 'aria-label': `Skip ${offer.name}`,
              dataset: { focusKey: `skip:${offer.id}` },
              onclick: () => this.decide(() => checkinApi.skip(offer.id), () => `Skipped ${offer.name}.`),
            }, 'Skip'),
            h('button', {
              type: 'button', class: 'button small quiet', 'aria-label': `Not yet: ${offer.name}`,
              dataset: { focusKey: `later:${offer.id}` }, onclick: () => this.notYet([offer.id]),
            }, 'Not yet')));
  }
}
