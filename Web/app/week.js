// The Week screen at #/week: a week of meals. Saved recipes go on days with servings, come off
// again, and the week's meals shop as one plan through Meal Prep's review (the pantry, the
// questions, the list). Every rule stays on the server (/api/v3/plan); the page keeps only
// what is on screen and the form's choices.

import { ApiError, pairAgainIfUnpaired } from './api.js';
import { recipesApi } from './recipes-api.js';
import { readServings, weekApi } from './week-api.js';
import { WeekView, dayName, shopDays } from './week-view.js';
import { reviewChoices, skipLeftOut } from './plan-review-view.js';

export class Week {
  constructor({ onAdded = () => {} } = {}) {
    this.view = new WeekView();
    this.onAdded = onAdded;
    this.state = null;
    this.asking = 0; // the latest shop review asked for; older answers are dropped
    // A change anywhere (another phone, the command line) moves the list's revision: the week
    // is read again, unless the screen is busy or the form is half filled.
    this.revision = null;
    document.addEventListener('basket:list', (event) => {
      const list = event.detail && event.detail.list;
      if (!list || list.revision === this.revision) return;
      this.revision = list.revision;
      if (this.view.area.hidden || !this.state || this.state.busy || this.state.shop) return;
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => this.load(this.state.weekOf, { quiet: true }), 300);
    });
    // Basket answers again: a week that could not be read is read now.
    window.addEventListener('basket:session', () => {
      if (this.state && !this.state.week && !this.state.busy && !this.view.area.hidden) this.enter();
    });
  }

  get area() {
    return this.view.area;
  }

  leave() {}

  /** The screen is shown (app.js's router has given it the page). */
  async enter() {
    this.state = {
      weekOf: null, week: null, recipes: [],
      form: { recipe: '', date: '', servings: '', servingsError: '' },
      shopFrom: null, shopTo: null, shop: null, message: '', isError: false, busy: false,
    };
    this.draw();
    try {
      this.state.recipes = (await recipesApi.all()).recipes;
    } catch (error) {
      this.fail(error);
    }
    await this.load(null);
    document.getElementById('week-title')?.focus();
  }

  /** Reads the week holding `date` (this week when null). */
  async load(date, { quiet = false } = {}) {
    const state = this.state;
    try {
      const week = await weekApi.week(date);
      if (state !== this.state) return;
      const moved = !state.week || state.week.from !== week.from;
      Object.assign(state, { weekOf: date, week });
      if (moved) {
        Object.assign(state, { shop: null, shopFrom: null, shopTo: null });
        const today = week.days.find((day) => day.isToday);
        state.form.date = (today || week.days[0]).date;
      }
      if (!quiet && state.isError) this.say('');
    } catch (error) {
      if (state !== this.state) return;
      this.fail(error);
    }
    this.draw();
  }

  fail(error) {
    pairAgainIfUnpaired(error, () => this.view.show(false));
    this.say(error instanceof ApiError ? error.message : 'Something went wrong.', true);
  }

  say(message, isError = false) {
    Object.assign(this.state, { message, isError });
  }

  draw() {
    if (this.state && !this.view.area.hidden) this.view.draw(this.state, this.handlers());
  }

  /** Asks the server for the week's shop as the review's choices now stand. */
  async review() {
    const state = this.state;
    const shop = state.shop;
    const asked = ++this.asking;
    try {
      const { from, to } = shopDays(state);
      const { plan, missing } = await weekApi.review(from, to, shop);
      if (asked !== this.asking || shop !== state.shop) return undefined;
      if (skipLeftOut(plan, shop)) return this.review();
      Object.assign(shop, { plan, missing });
      if (state.isError) this.say('');
    } catch (error) {
      if (shop !== state.shop) return undefined;
      this.fail(error);
    }
    return this.draw();
  }

  handlers() {
    const state = this.state;
    const changedShop = () => {
      this.draw();
      this.review();
    };
    return {
      onWeek: (date) => this.load(date),
      onForm: (change, redraw = true) => {
        Object.assign(state.form, change, { servingsError: '' });
        if (redraw) this.draw();
      },
      onPickDay: (date) => {
        state.form.date = date;
        this.draw();
        const recipe = document.getElementById('week-recipe');
        if (recipe) {
          recipe.scrollIntoView({ block: 'center' });
          recipe.focus();
        }
      },
      onAdd: async () => {
        const { form } = state;
        const servings = readServings(form.servings);
        if (!form.recipe) {
          this.say('Choose a recipe to plan.', true);
          return this.draw();
        }
        if (servings === undefined) {
          form.servingsError = 'Servings: a whole number from 1 to 1000, or leave it empty for as written.';
          this.say('');
          this.draw();
          return document.getElementById('week-servings')?.focus();
        }
        state.busy = true;
        this.draw();
        try {
          const { meal } = await weekApi.add(form.recipe, form.date, servings);
          const day = state.week.days.find((candidate) => candidate.date === meal.date);
          this.say(`Planned ${meal.recipe.title} on ${day ? dayName(day) : meal.date}.`);
          Object.assign(form, { recipe: '', servings: '' });
          state.shop = null;
        } catch (error) {
          this.fail(error);
        }
        state.busy = false;
        return this.load(state.weekOf, { quiet: true });
      },
      onRemove: async (meal) => {
        state.busy = true;
        this.draw();
        try {
          await weekApi.remove(meal.id);
          this.say(`Took ${meal.recipe.title} off the week.`);
          state.shop = null;
        } catch (error) {
          this.fail(error);
        }
        state.busy = false;
        await this.load(state.weekOf, { quiet: true });
        document.getElementById('week-title')?.focus();
      },
      onShopDays: ({ from, to }) => {
        Object.assign(state, { shopFrom: from, shopTo: to, shop: null });
        this.draw();
      },
      onShop: () => {
        state.shop = {
          plan: null, missing: [], result: null, answers: {}, skip: new Set(), overrides: {},
          seenLeftOut: new Set(), busy: false,
        };
        this.draw();
        return this.review();
      },
      shop: {
        ...reviewChoices(() => state.shop, changedShop, () => this.draw()),
        onAdd: async () => {
          const shop = state.shop;
          shop.confirming = false;
          shop.busy = true;
          this.draw();
          try {
            const { from, to } = shopDays(state);
            const { plan } = await weekApi.shop(from, to, shop);
            shop.result = plan;
            this.say('');
          } catch (error) {
            this.fail(error);
          }
          shop.busy = false;
          this.draw();
          if (shop.result) {
            this.view.area.querySelector('#week-result-title')?.focus();
            this.onAdded();
          }
        },
      },
    };
  }
}
