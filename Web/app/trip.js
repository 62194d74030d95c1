// The trip screen: hash route #/trip. The server keeps the trip (so a reload, a restart or
// another phone carries on at the same item); this page shows it and sends one step at a time,
// naming the item the step is for, so a double tap or a retry never moves the trip twice.
// Without a connection, Next, Got it, Skip, Pause and Resume are taken on the page's copy and
// queued in order (trip-offline.js), then sent when the server answers again.

import { ApiError, pairAgainIfUnpaired } from './api.js';
import { tripApi } from './trip-api.js';
import { checkinApi } from './pantry-api.js';
import { keepTrip, lastTrip, queued, saveQueue, walkStep } from './trip-offline.js';
import { TripView } from './trip-view.js';

/** Steps a phone may take without a connection (settling an exception needs the server). */
const OFFLINE_STEPS = new Set(['next', 'got', 'skip', 'pause', 'resume']);

export class Trip {
  constructor() {
    this.view = new TripView();
    this.trip = null;
    this.places = null;
    this.busy = false;
    this.draining = null;
    window.addEventListener('online', () => this.drain().then(() => this.redrawIfShown()));
  }

  get area() {
    return this.view.area;
  }

  leave() {
    document.getElementById('trip-link').focus();
  }

  /** The screen is shown (app.js's router has given it the page). */
  async enter() {
    await this.load();
    document.getElementById('trip-title')?.focus();
  }

  async load(message = '', isError = false) {
    if (queued().length) await this.drain();
    try {
      const answer = await tripApi.show();
      this.trip = answer.trip;
      this.places = answer;
      if (!this.trip) this.products = (await tripApi.products()).products;
      if (!queued().length) keepTrip(this.trip);
      else this.trip = lastTrip() || this.trip; // still waiting to be sent: the page's copy
    } catch (error) {
      this.failure(error);
      const kept = error instanceof ApiError && error.status === 0 ? lastTrip() : null;
      if (kept) {
        this.trip = kept;
        this.draw(message || `${this.waitingText()}This is the trip as this phone last saw it.`, isError);
        return;
      }
      this.view.draw(this.view.heading('Shopping Trip'), this.view.status(this.message(error), true));
      return;
    }
    const note = this.refused;
    this.refused = null;
    this.draw(message || note || (queued().length ? this.waitingText() : ''), isError || !!note);
  }

  /** "Offline · 2 steps waiting. " while steps wait to be sent. */
  waitingText() {
    const count = queued().length;
    return count ? `Offline · ${count} ${count === 1 ? 'step' : 'steps'} waiting: sent when Basket can be reached. ` : '';
  }

  redrawIfShown() {
    if (!this.view.area.hidden) this.load();
  }

  /**
   * Sends the steps taken offline, in order. One the server refuses (the trip moved on on
   * another phone) is dropped and said; without a connection they wait for the next try.
   */
  drain() {
    if (!this.draining) {
      this.draining = (async () => {
        let steps = queued();
        const refused = [];
        while (steps.length) {
          try {
            const answer = await tripApi.step(steps[0].step, steps[0].at || undefined);
            this.trip = answer.trip;
          } catch (error) {
            if (!(error instanceof ApiError) || error.status === 0 || error.status === 401) {
              this.failure(error);
              break;
            }
            refused.push(error.message);
          }
          steps = steps.slice(1);
          saveQueue(steps);
        }
        if (!steps.length) keepTrip(this.trip);
        if (refused.length) this.refused = `Not taken: ${refused.join(' ')}`;
      })().finally(() => { this.draining = null; });
    }
    return this.draining;
  }

  /** A step taken without a connection: on the page's copy now, sent later in order. */
  takeOffline(step, at, said) {
    let trip;
    try {
      trip = walkStep(this.trip, step);
    } catch {
      this.draw("Can't reach Basket, and this needs it: settle it when you're back online. Nothing was changed.", true);
      return;
    }
    this.trip = trip;
    saveQueue([...queued(), { step, at: at || null, trip: trip.id }]);
    keepTrip(trip);
    this.draw(`${said ? `${said} ` : ''}${this.waitingText()}`);
  }

  /** One step of the walk: sent now, or (offline, or behind steps still waiting) taken offline. */
  async step(step, at, said = '') {
    if (this.busy) return;
    if (queued().length) await this.drain();
    if (queued().length && OFFLINE_STEPS.has(step)) {
      this.takeOffline(step, at, said);
      document.getElementById('trip-title')?.focus();
      return;
    }
    await this.act(() => tripApi.step(step, at), said, OFFLINE_STEPS.has(step) ? { step, at } : null);
  }

  draw(message = '', isError = false) {
    const trip = this.trip;
    if (!trip) {
      this.view.start(this.places, this.products || [], message, isError, {
        start: (choice) => this.act(() => tripApi.start(choice)),
        addProduct: (fields) => this.changeProducts(() => tripApi.addProduct(fields), `Added ${fields.name}.`),
        editProduct: (product, fields) => this.changeProducts(() => tripApi.editProduct(product.id, fields), `Saved ${fields.name || product.name}.`),
        removeProduct: (product) => this.changeProducts(() => tripApi.removeProduct(product.id), `Removed ${product.name}.`),
      });
      return;
    }
    const at = (trip.exception || trip.current || {}).item;
    const actions = {
      accept: () => this.act(() => tripApi.step('accept', at)),
      acceptSearches: () => this.act(() => tripApi.step('acceptSearches', at)),
      replace: (id) => this.act(() => tripApi.replace(id, at)),
      make: (name, size) => this.act(() => tripApi.make(name, size, at)),
      skip: () => this.step('skip', at),
      next: () => this.step('next', at),
      got: () => this.step('got', at, `Got ${trip.current ? trip.current.name : ''}.`),
      pause: () => this.step('pause'),
      resume: () => this.step('resume'),
      end: () => this.finish(),
    };
    if (trip.phase === 'paused') this.view.paused(trip, message, isError, actions);
    else if (trip.phase === 'review') this.view.review(trip, message, isError, actions);
    else this.view.walk(trip, message, isError, actions);
  }

  /** Sends one step; the answer is the trip as the server now has it. */
  async act(send, said = '', offline = null) {
    if (this.busy) return;
    this.busy = true;
    try {
      const answer = await send();
      this.trip = answer.trip;
      keepTrip(this.trip);
      const refused = this.refused;
      this.refused = null;
      this.draw(refused || said, !!refused);
    } catch (error) {
      this.failure(error);
      if (error instanceof ApiError && error.status === 0 && offline && this.trip) {
        this.busy = false;
        this.takeOffline(offline.step, offline.at, said);
      } else if (error instanceof ApiError && error.status === 0) {
        // Not sent: the same item stays, with the reason; tapping again sends it again.
        this.draw(`${this.message(error)} Nothing was changed.`, true);
      } else {
        // A conflict means the trip moved on elsewhere: show it as it is now, and say why.
        await this.load(this.message(error), true);
      }
    } finally {
      this.busy = false;
    }
    document.getElementById('trip-title')?.focus();
  }

  /** A change to the products (made, edited, removed), then the start screen read again. */
  async changeProducts(send, said) {
    if (this.busy) return;
    this.busy = true;
    let message = said;
    let isError = false;
    try {
      await send();
      this.view.editingProduct = null;
      this.view.productDraft = null;
    } catch (error) {
      this.failure(error);
      message = `${this.message(error)} Nothing was changed.`;
      isError = true;
    } finally {
      this.busy = false;
    }
    await this.load(message, isError);
    document.getElementById('products-title')?.focus();
  }

  async finish() {
    if (this.busy) return;
    if (queued().length) await this.drain();
    if (queued().length) {
      this.draw(`${this.waitingText()}End the trip once they are sent.`, true);
      return;
    }
    this.busy = true;
    try {
      const result = await tripApi.end();
      this.trip = null;
      this.ended = { ...result, decided: [], message: '' };
      this.drawEnded();
    } catch (error) {
      this.failure(error);
      if (error instanceof ApiError && error.status === 0) this.draw(`${this.message(error)} The trip goes on.`, true);
      else await this.load(this.message(error), true);
    } finally {
      this.busy = false;
    }
    document.getElementById('trip-title')?.focus();
  }

  /** The end of a trip: its summary and, offer by offer, the pantry check-in's own choices. */
  drawEnded() {
    const ended = this.ended;
    this.view.ended(ended, {
      decide: async (offer, accept) => {
        if (this.busy) return;
        this.busy = true;
        try {
          const answer = accept ? await checkinApi.accept(offer.id) : await checkinApi.skip(offer.id);
          ended.decided.push(offer.id);
          ended.message = accept ? `${answer.entry.name}: ${answer.entry.stock}.` : `Skipped ${offer.name}.`;
        } catch (error) {
          ended.message = this.message(error);
        } finally {
          this.busy = false;
        }
        this.drawEnded();
        const next = ended.offers.find((each) => !ended.decided.includes(each.id));
        document.querySelector(next ? `[data-focus-key="trip-accept:${CSS.escape(next.id)}"]` : '#trip-back')?.focus();
      },
    });
  }

  message(error) {
    return error instanceof ApiError ? error.message : 'Something went wrong.';
  }

  failure(error) {
    pairAgainIfUnpaired(error, () => this.view.show(false));
  }
}
