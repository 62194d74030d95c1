// The Meal Prep screen at #/mealprep: choose one to five saved recipes with their servings,
// see them merged into one plan (sources, uncertain lines to merge or keep apart, what the
// pantry covers) and add it to the list. Every rule stays on the server
// (/api/v3/mealprep/review and /add); the page keeps only the choices.

import { ApiError } from './api.js';
import { recipesApi } from './recipes-api.js';
import { draftOf, fromDraft, mealPrepApi } from './mealprep-api.js';
import { MealPrepView, MAX_RECIPES } from './mealprep-view.js';
import { reviewChoices, skipLeftOut } from './plan-review-view.js';

/** The choices the phone keeps until the store has them. */
const UNSENT = 'basket:mealprep-unsent';

function unsent() {
  try {
    return JSON.parse(localStorage.getItem(UNSENT) || 'null');
  } catch {
    return null;
  }
}

export class MealPrep {
  constructor({ onAdded = () => {} } = {}) {
    this.view = new MealPrepView();
    this.onAdded = onAdded;
    this.state = null;
    this.asking = 0; // the latest review asked for; older answers are dropped
    this.unsaved = null; // the choices changed and not yet sent to the store
    this.saving = null; // the last sending of them, settled or not
    // A reload, a closed tab or a phone putting the app away must not lose the last choice.
    globalThis.addEventListener?.('pagehide', () => this.flush());
    globalThis.document?.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.flush();
    });
    // Basket answers again: a screen that could not read the recipes reads them now.
    globalThis.addEventListener?.('basket:session', () => {
      if (this.state && !this.state.loaded && !this.view.area.hidden) this.enter();
    });
  }

  get area() {
    return this.view.area;
  }

  leave() {
    this.flush();
  }

  /** The screen is shown (app.js's router has given it the page). */
  async enter() {
    const state = {
      all: [], chosen: [], answers: {}, skip: new Set(), overrides: {}, seenLeftOut: new Set(),
      plan: null, result: null, loaded: false,
      message: '', isError: false, busy: false,
    };
    this.state = state;
    let draft = null;
    try {
      state.all = (await recipesApi.all()).recipes;
      // NB: choices sent as the screen was left are read back once they are kept.
      await this.saving;
      // What was chosen before (here, after a reload, or on another phone) comes back.
      ({ draft } = await mealPrepApi.draft());
      state.loaded = true;
    } catch (error) {
      this.say(this.failure(error), true);
    }
    if (state !== this.state) return; // the screen was opened again meanwhile
    // NB: unread, nothing is chosen or sent: choices kept on the phone wait for their recipes.
    if (state.loaded) {
      // Choices the store never confirmed (sent as the page went away, or while Basket was out
      // of reach) are this phone's latest: they win, and are sent again.
      const mine = unsent();
      if (mine || draft) Object.assign(state, fromDraft(mine || draft, state.all));
      if (mine) {
        this.unsaved = state;
        this.save(state);
      }
    }
    this.draw();
    document.getElementById('mealprep-title')?.focus();
    if (state.chosen.length) await this.review();
  }

  /** Keeps the choices in the store a moment after the last change (none chosen: none kept). */
  keep(state) {
    // NB: a plan that comes back after the screen was left and opened again is an old
    // screen's: its choices were sent as it was left, and the new screen's are not read yet.
    if (state !== this.state) return;
    clearTimeout(this.keepTimer);
    this.unsaved = state;
    this.keepTimer = setTimeout(() => this.save(state), 300);
  }

  /** Sends `state`'s choices to the store, when they wait to be sent. */
  save(state, { keepalive = false } = {}) {
    clearTimeout(this.keepTimer);
    if (this.unsaved !== state) return;
    this.unsaved = null;
    // NB: kept on the phone until the store confirms them: a reload can read the draft before
    // a send made as the page went away arrives, and that send can be lost.
    const kept = JSON.stringify(draftOf(state));
    localStorage.setItem(UNSENT, kept);
    const sent = state.chosen.length ? mealPrepApi.keep(state, { keepalive }) : mealPrepApi.drop({ keepalive });
    this.saving = sent.then(
      () => {
        if (localStorage.getItem(UNSENT) === kept) localStorage.removeItem(UNSENT);
      },
      (error) => {
        if (state === this.state) {
          this.say(`${this.failure(error)} These choices are kept on this phone until Basket can be reached.`, true);
          this.draw();
        }
      },
    );
  }

  /** Sends at once the choices waiting to be sent (the page or the screen is being left). */
  flush() {
    if (this.unsaved) this.save(this.unsaved, { keepalive: true });
  }

  failure(error) {
    return error instanceof ApiError ? error.message : 'Something went wrong.';
  }

  say(message, isError = false) {
    Object.assign(this.state, { message, isError });
  }

  draw() {
    if (this.state && !this.view.area.hidden) this.view.draw(this.state, this.handlers());
  }

  /** Asks the server for the plan as the choices now stand. */
  async review() {
    const state = this.state;
    const asked = ++this.asking;
    state.result = null;
    if (state.chosen.length === 0) {
      state.plan = null;
      return this.draw();
    }
    try {
      const { plan } = await mealPrepApi.review(state);
      if (asked !== this.asking || state !== this.state) return undefined;
      if (skipLeftOut(plan, state)) return this.review();
      state.plan = plan;
      if (state.isError) this.say('');
    } catch (error) {
      if (state !== this.state) return undefined;
      this.say(this.failure(error), true);
    }
    return this.draw();
  }

  handlers() {
    const state = this.state;
    const changed = () => {
      // NB: unsaved from now, not only once the plan is back: a reload meanwhile sends it.
      this.unsaved = state;
      this.draw();
      this.review().then(() => this.keep(state));
    };
    return {
      onRetry: () => this.enter(),
      onChoose: (summary, chosen) => {
        if (chosen) {
          if (state.chosen.length >= MAX_RECIPES) {
            this.say(`A meal plan takes at most ${MAX_RECIPES} recipes.`, true);
            return this.draw();
          }
          state.chosen.push({ id: summary.id, title: summary.title, servings: null });
        } else {
          state.chosen = state.chosen.filter((recipe) => recipe.id !== summary.id);
        }
        // The lines and questions change with the recipes: start their choices afresh.
        Object.assign(state, { answers: {}, skip: new Set(), overrides: {}, seenLeftOut: new Set() });
        this.say('');
        return changed();
      },
      onServings: (id, servings) => {
        const recipe = state.chosen.find((chosen) => chosen.id === id);
        if (!recipe) return;
        recipe.servings = Math.max(1, Math.min(1000, servings));
        changed();
      },
      ...reviewChoices(() => state, changed, () => this.draw()),
      onAdd: async () => {
        state.confirming = false;
        state.busy = true;
        this.draw();
        try {
          const { plan } = await mealPrepApi.add(state);
          state.result = plan;
          this.say('');
          clearTimeout(this.keepTimer);
          this.unsaved = null;
          localStorage.removeItem(UNSENT);
          await mealPrepApi.drop().catch(() => {});
        } catch (error) {
          this.say(this.failure(error), true);
        }
        state.busy = false;
        this.draw();
        if (state.result) {
          this.view.area.querySelector('#mealprep-result-title')?.focus();
          this.onAdded();
        }
      },
    };
  }
}
