// The trip screen: hash route #/trip. The server keeps the trip (so a reload, a restart or
// another phone carries on at the same item); this page shows it and sends one step at a time,
// naming the item the step is for, so a double tap or a retry never moves the trip twice.

import { ApiError } from './api.js';
import { tripApi } from './trip-api.js';
import { TripView } from './trip-view.js';

export class Trip {
  constructor() {
    this.view = new TripView();
    this.trip = null;
    this.places = null;
    this.busy = false;
    window.addEventListener('hashchange', () => this.route());
  }

  static isTripRoute() {
    return location.hash === '#/trip';
  }

  async route() {
    if (!document.getElementById('pairing').hidden) return;
    if (!Trip.isTripRoute()) {
      if (!this.view.area.hidden) {
        this.view.show(false);
        document.getElementById('trip-link').focus();
      }
      return;
    }
    this.view.show(true);
    await this.load();
    document.getElementById('trip-title')?.focus();
  }

  async load(message = '', isError = false) {
    try {
      const answer = await tripApi.show();
      this.trip = answer.trip;
      this.places = answer;
    } catch (error) {
      this.failure(error);
      this.view.draw(this.view.heading('Shopping Trip'), this.view.status(this.message(error), true));
      return;
    }
    this.draw(message, isError);
  }

  draw(message = '', isError = false) {
    const trip = this.trip;
    if (!trip) {
      this.view.start(this.places, message, isError, (choice) => this.act(() => tripApi.start(choice)));
      return;
    }
    const at = (trip.exception || trip.current || {}).item;
    const actions = {
      accept: () => this.act(() => tripApi.step('accept', at)),
      replace: (id) => this.act(() => tripApi.replace(id, at)),
      make: (name, size) => this.act(() => tripApi.make(name, size, at)),
      skip: () => this.act(() => tripApi.step('skip', at)),
      next: () => this.act(() => tripApi.step('next', at)),
      got: () => this.act(() => tripApi.step('got', at), `Got ${trip.current ? trip.current.name : ''}.`),
      pause: () => this.act(() => tripApi.step('pause')),
      resume: () => this.act(() => tripApi.step('resume')),
      end: () => this.finish(),
    };
    if (trip.phase === 'paused') this.view.paused(trip, message, isError, actions);
    else if (trip.phase === 'review') this.view.review(trip, message, isError, actions);
    else this.view.walk(trip, message, isError, actions);
  }

  /** Sends one step; the answer is the trip as the server now has it. */
  async act(send, said = '') {
    if (this.busy) return;
    this.busy = true;
    try {
      const answer = await send();
      this.trip = answer.trip;
      this.draw(said);
    } catch (error) {
      this.failure(error);
      if (error instanceof ApiError && error.status === 0) {
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

  async finish() {
    if (this.busy) return;
    this.busy = true;
    try {
      const result = await tripApi.end();
      this.trip = null;
      this.view.ended(result);
    } catch (error) {
      this.failure(error);
      if (error instanceof ApiError && error.status === 0) this.draw(`${this.message(error)} The trip goes on.`, true);
      else await this.load(this.message(error), true);
    } finally {
      this.busy = false;
    }
    document.getElementById('trip-title')?.focus();
  }

  message(error) {
    return error instanceof ApiError ? error.message : 'Something went wrong.';
  }

  failure(error) {
    if (error instanceof ApiError && error.status === 401) {
      this.view.show(false);
      history.replaceState(null, '', '/');
      document.getElementById('pairing').hidden = false;
      document.getElementById('list-area').hidden = true;
      document.getElementById('add-bar').hidden = true;
    }
  }
}
