// Wires the page: user actions → API calls → fresh list → view. Holds the page-only state
// (which row is being edited or renamed, which checks are mid-choreography).

import { api, ApiError, watchChanges } from './api.js';
import { CheckOff, QuantityRules, uuid } from './model.js';
import { View } from './view.js';

const $ = (id) => document.getElementById(id);

export class Controller {
  constructor() {
    this.view = new View();
    this.list = null;
    this.rules = null;
    this.serverOffset = 0; // server clock − local clock, ms
    this.editing = null; // {id, quantity, typing}
    this.renaming = null;
    this.allDonePending = false;
    this.pendingAdd = null; // {text, id}: reused when retrying a failed add
    this.checkOff = new CheckOff((ids) => this.settleChecks(ids));
    this.refreshing = null;
    this.refreshAgain = false;
    this.ui = this.handlers();
  }

  // MARK: Start

  async start({ coldStart }) {
    if (coldStart) this.view.flourish();
    this.bindStatic();
    const params = new URLSearchParams(location.search);
    let session;
    try {
      session = await api.session();
    } catch (error) {
      this.view.setConnection('offline');
      this.view.toast(error.message);
      return;
    }
    if (session.mode === 'secret' && !session.paired) {
      const reason = params.get('pairing');
      this.view.showPairing(reason === 'wrong' ? 'That link or secret is not right.'
        : reason === 'wait' ? 'Too many tries. Wait a minute, then try again.' : '');
      return;
    }
    await this.enter(params);
  }

  async enter(params) {
    this.view.showList();
    if (params.has('paired')) this.view.toast('Paired! This phone can use the list now.');
    if (params.has('paired') || params.has('pairing')) history.replaceState(null, '', '/');
    try {
      this.rules = new QuantityRules(await api.rules());
    } catch (error) {
      this.fail(error);
    }
    await this.refresh();
    watchChanges(() => this.refresh(), (state) => this.view.setConnection(state));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.refresh();
    });
    if (params.has('add')) $('add-input').focus();
  }

  bindStatic() {
    $('pair-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        await api.pair($('pair-secret').value);
        $('pair-secret').value = '';
        await this.enter(new URLSearchParams('paired'));
      } catch (error) {
        $('pair-error').textContent = error.message;
      }
    });
    $('add-bar').addEventListener('submit', (event) => {
      event.preventDefault();
      this.addTyped();
    });
    const input = $('add-input');
    input.addEventListener('input', () => this.suggest());
    input.addEventListener('focus', () => this.suggest());
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        input.value = '';
        this.view.chips([], () => {});
      }
    });
    $('clear-all').addEventListener('click', () => this.clearAll());
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.editing && !this.editing.typing) {
        const id = this.editing.id;
        this.editing = null;
        this.render();
        document.querySelector(`[data-focus-key="qty:${CSS.escape(id)}"]`)?.focus();
      }
    });
  }

  // MARK: Reading

  /** Fetches the list; while checks are held in place, keeps it for when they settle. */
  async refresh({ glide = false } = {}) {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        const list = await api.list();
        this.serverOffset = Date.parse(list.now) - Date.now();
        this.list = list;
        if (this.editing && !list.toGet.some((item) => item.id === this.editing.id)) this.editing = null;
        if (!this.checkOff.isHolding) this.render({ glide });
      } catch (error) {
        this.fail(error);
      }
    })();
    await this.refreshing;
    this.refreshing = null;
    if (this.refreshAgain) {
      this.refreshAgain = false;
      await this.refresh({ glide });
    }
  }

  render({ glide = false } = {}) {
    if (!this.list) return;
    // A row holding a focused text field is left alone by the view (so a live update never
    // eats what someone is typing); once the field is done with, let go of it.
    const active = document.activeElement;
    if (active && active.matches('.amount-input, .rename')
        && !((this.editing && this.editing.typing) || this.renaming)) {
      active.blur();
    }
    this.view.render(this.list, {
      ...this.ui, checking: this.checkOff.pending, editing: this.editing, renaming: this.renaming,
    }, { glide });
  }

  fail(error) {
    if (error instanceof ApiError && error.status === 401) {
      this.view.showPairing('This phone needs pairing again.');
      return;
    }
    this.view.toast(error.message || 'Something went wrong.');
  }

  // MARK: Adding

  async suggest() {
    const input = $('add-input');
    const query = input.value.trim();
    const asked = query;
    try {
      const result = query ? await api.suggestions(query) : await api.usuals();
      if (input.value.trim() !== asked) return; // typed on meanwhile
      this.view.chips(document.activeElement === input || query ? result.suggestions : [],
        (name) => this.addName(name));
    } catch {
      this.view.chips([], () => {});
    }
  }

  async addTyped() {
    const input = $('add-input');
    const text = input.value.trim();
    if (!text) return;
    const id = this.pendingAdd && this.pendingAdd.text === text ? this.pendingAdd.id : uuid();
    this.pendingAdd = { text, id };
    try {
      const result = await api.addText(text, id);
      this.pendingAdd = null;
      if (input.value.trim() === text) input.value = '';
      await this.added(result);
    } catch (error) {
      this.fail(error);
    }
  }

  async addName(name) {
    try {
      const result = await api.addName(name, uuid());
      $('add-input').value = '';
      await this.added(result);
    } catch (error) {
      this.fail(error);
    }
  }

  async added(result) {
    await this.refresh({ glide: true });
    if (result.outcome === 'bumped' || result.outcome === 'restored') {
      this.view.flash(result.item.id);
      this.view.toast(result.outcome === 'bumped'
        ? `${result.item.name} is already on the list: moved to the top.`
        : `${result.item.name} is back on the list.`);
    }
    this.suggest();
  }

  // MARK: Checking off

  async check(item, button) {
    if (this.checkOff.has(item.id)) {
      this.checkOff.cancel(item.id);
      button.closest('.item')?.classList.remove('checking');
      button.setAttribute('aria-checked', 'false');
      try {
        await api.uncheck(item.id);
      } catch (error) {
        this.fail(error);
      }
      return;
    }
    this.checkOff.check(item.id);
    button.closest('.item')?.classList.add('checking');
    button.setAttribute('aria-checked', 'true');
    this.view.sparks(button);
    try {
      const result = await api.check(item.id);
      if (result.allDone) this.allDonePending = true;
    } catch (error) {
      this.checkOff.cancel(item.id);
      this.fail(error);
    }
  }

  async settleChecks() {
    await this.refresh();
    this.render({ glide: true });
    if (this.allDonePending) {
      this.allDonePending = false;
      if (this.list && this.list.toGet.length === 0) setTimeout(() => this.view.celebrate(), 300);
    }
  }

  async restore(item) {
    try {
      await api.uncheck(item.id);
      await this.refresh({ glide: true });
    } catch (error) {
      this.fail(error);
    }
  }

  // MARK: Clear and undo

  async clearAll() {
    try {
      const result = await api.clear();
      await this.refresh({ glide: true });
      if (!result.undoUntil) return;
      const until = Date.parse(result.undoUntil) - this.serverOffset;
      const count = result.cleared;
      this.view.toast(`Cleared ${count} ${count === 1 ? 'item' : 'items'}.`, {
        until,
        undo: async () => {
          this.view.hideToast();
          try {
            const undone = await api.undo(result.undoUntil);
            await this.refresh({ glide: true });
            this.view.toast(`Brought back ${undone.restored}.`);
          } catch (error) {
            this.fail(error);
          }
        },
      });
    } catch (error) {
      this.fail(error);
    }
  }

  // MARK: Editing

  edit(item) {
    if (this.editing && this.editing.id === item.id) {
      this.editing = null;
    } else {
      const quantity = item.quantity || (this.rules && this.rules.starting(item.defaultUnit));
      if (!quantity) return;
      this.editing = { id: item.id, quantity, typing: false, saved: !!item.quantity };
    }
    this.render();
  }

  setQuantity(item, quantity) {
    this.editing = { ...this.editing, quantity, typing: false, saved: true };
    this.render();
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(item.id, quantity), 250);
  }

  async save(id, quantity) {
    try {
      await api.update(id, { quantity });
      await this.refresh();
    } catch (error) {
      this.fail(error);
      await this.refresh();
    }
  }

  handlers() {
    return {
      onCheck: (item, button) => this.check(item, button),
      onRestore: (item) => this.restore(item),
      onEdit: (item) => this.edit(item),
      onEditDone: (item) => {
        const { quantity, saved } = this.editing;
        this.editing = null;
        this.render();
        if (!saved) this.save(item.id, quantity);
        document.querySelector(`[data-focus-key="qty:${CSS.escape(item.id)}"]`)?.focus();
      },
      onUnit: (item, unit) => this.setQuantity(item, this.rules.switching(this.editing.quantity, unit)),
      onStep: (item, direction) => {
        const quantity = this.editing.quantity;
        this.setQuantity(item, direction > 0 ? this.rules.increment(quantity) : this.rules.decrement(quantity));
      },
      onTypeAmount: () => {
        this.editing = { ...this.editing, typing: true };
        this.render();
        const input = document.querySelector('.amount-input');
        input?.focus();
        input?.select();
      },
      onTyped: (item, text) => {
        if (!this.editing || !this.editing.typing) return;
        const { quantity } = this.editing;
        const typed = this.rules.typed(text, quantity, item.units);
        if (typed.amount === quantity.amount && typed.unit === quantity.unit) {
          this.editing = { ...this.editing, typing: false };
          this.render();
        } else {
          this.setQuantity(item, typed);
        }
        document.querySelector(`[data-focus-key="amount:${CSS.escape(item.id)}"]`)?.focus();
      },
      onTypedCancel: (item) => {
        this.editing = { ...this.editing, typing: false };
        this.render();
        document.querySelector(`[data-focus-key="amount:${CSS.escape(item.id)}"]`)?.focus();
      },
      onClearQuantity: async (item) => {
        this.editing = null;
        this.render();
        await this.save(item.id, null);
      },
      onRemove: async (item) => {
        this.editing = null;
        try {
          await api.remove(item.id);
          await this.refresh({ glide: true });
          this.view.toast(`Removed ${item.name}.`);
        } catch (error) {
          this.fail(error);
        }
      },
      onRename: (item) => {
        this.renaming = item.id;
        this.render();
        const input = document.querySelector('.rename');
        input?.focus();
        input?.select();
      },
      onRenameCommit: async (item, value) => {
        if (this.renaming !== item.id) return;
        this.renaming = null;
        const name = value.trim();
        if (!name) {
          this.render();
          this.view.toast("A name can't be empty, so it stays as it was.");
          return;
        }
        if (name === item.name) {
          this.render();
          return;
        }
        try {
          await api.update(item.id, { name });
        } catch (error) {
          this.fail(error);
        }
        await this.refresh();
        document.querySelector(`[data-focus-key="name:${CSS.escape(item.id)}"]`)?.focus();
      },
      onRenameCancel: (item) => {
        this.renaming = null;
        this.render();
        document.querySelector(`[data-focus-key="name:${CSS.escape(item.id)}"]`)?.focus();
      },
    };
  }
}
