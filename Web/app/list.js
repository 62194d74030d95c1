// The list screen: the add bar and its suggestions, checking off, Clear all and undo, the
// quantity editor, renaming and the walking order. It holds the sync layer (`this.sync`, a
// `ListSync`: the phone's copy, the queue and the connection), sends each change through it
// (`sync.change`) and draws the list with list-view.js. Holds the screen's own state: which row is
// being edited or renamed, which checks are mid-choreography.

import { api, ApiError } from './api.js';
import { CheckOff, namesPhrase, uuid } from './model.js';
import { cleanName, cleanNote, listTiming, offlineSuggestions, readLine, typingLine } from './offline.js';
import { ListSync, within } from './sync.js';
import { View } from './list-view.js';
import { Walking, dragToReorder, moveAisle, moveItem } from './walking.js';
import { Aisles } from './aisles.js';

/** How long a line the add bar won't take says why, in ms. */
const REFUSAL_TOAST = 6000;

/**
 * The add change for an item the core read: a stepper quantity, or an amount in its own unit
 * ({amount, unit, packSize?}, as ListOperation reads it).
 */
function addFields(item) {
  const fields = { item: uuid(), name: item.name };
  if (item.quantity) fields.quantity = item.quantity;
  if (item.amount) {
    const { amount, unit, packSize } = item.amount;
    fields.amount = { amount, unit, ...(packSize ? { packSize: { amount: packSize.amount, unit: packSize.unit } } : {}) };
  }
  return fields;
}

const $ = (id) => document.getElementById(id);
/** How long a typed add waits for the server before the add bar clears anyway, in ms. */
const ADD_WAIT = 1500;

/** The list as drawn during a check-off's hold: checked items still in their places in To get. */
function holding(list, checkOff) {
  if (!checkOff.isHolding) return list;
  const held = list.gotIt.filter((item) => checkOff.has(item.id));
  if (!held.length) return list;
  const toGet = [...list.toGet, ...held]
    .sort((a, b) => Date.parse(b.listedAt) - Date.parse(a.listedAt) || (a.id < b.id ? -1 : 1));
  return { ...list, toGet, gotIt: list.gotIt.filter((item) => !checkOff.has(item.id)) };
}

export class ListScreen {
  constructor() {
    this.view = new View();
    this.sync = new ListSync(this);
    this.entered = false; // the page has opened (online or on the phone's copy)
    this.changes = null; // the live stream, once opened
    this.listsBar = null;
    this.editing = null; // {id, quantity, typing}
    this.renaming = null;
    this.allDonePending = false;
    this.checkOps = new Map(); // item id → the op id of its check during the hold
    this.checkOff = new CheckOff((ids) => this.settleChecks(ids));
    this.walking = new Walking({ onChange: () => { if (!this.checkOff.isHolding) this.render(); } });
    this.aisles = new Aisles({
      onChange: () => { if (!this.checkOff.isHolding) this.render(); },
      onMoved: () => this.sync.refresh(),
    });
    this.ui = this.handlers();
  }

  // MARK: What the sync layer tells the screen

  /** Whether checks are held in place: the list is drawn when they settle. */
  get isHolding() {
    return this.checkOff.isHolding;
  }

  /** Another list is shown: no row of the last one stays open. */
  listSwitched() {
    this.editing = null;
  }

  /** The page's list was worked out again: an editor whose row went closes. */
  listRecomputed(list) {
    if (this.editing && !list.toGet.some((item) => item.id === this.editing.id)) this.editing = null;
  }

  /** The list shown was removed elsewhere: the tabs are read again. */
  listRemoved() {
    if (this.listsBar) this.listsBar.load();
  }

  toast(text, options) {
    this.view.toast(text, options);
  }

  setStatus(text, state) {
    this.view.setStatus(text, state);
  }

  needsPairing(text) {
    this.view.showPairing(text);
  }

  /** The add bar, Clear all, the walking order and the page-wide keys. */
  bindList() {
    $('add-bar').addEventListener('submit', (event) => {
      event.preventDefault();
      this.addTyped();
    });
    const input = $('add-input');
    input.addEventListener('input', () => this.suggest());
    input.addEventListener('focus', () => this.suggest());
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation(); // not the page's Escape: that one closes the quantity editor
      this.view.endCelebration();
      // The first Escape clears the bar and its chips; the next one leaves it.
      if (input.value === '' && $('chips').hidden) input.blur();
      input.value = '';
      this.view.chips([]);
    });
    // Chips belong to the add bar in use: when focus leaves it, they go.
    $('add-bar').addEventListener('focusout', (event) => {
      if (!this.addBarInUse(event.relatedTarget)) this.view.chips([]);
    });
    $('clear-all').addEventListener('click', () => this.clearAll());
    // Grouped by aisle or in a shop's walking order: one at a time.
    $('walk-toggle').addEventListener('click', () => {
      if (!this.walking.on && this.aisles.on) this.aisles.toggle(false);
      this.walking.toggle();
    });
    $('aisle-toggle').addEventListener('click', () => {
      if (!this.aisles.on && this.walking.on) this.walking.toggle();
      this.aisles.toggle();
    });
    // The Shops screen's "Walk the list": the list in that shop's order.
    document.addEventListener('basket:walk', () => {
      if (this.aisles.on) this.aisles.toggle(false);
      this.walking.turnOn();
    });
    dragToReorder($('to-get'), (ids) => this.walking.move(ids));
    $('celebration-close').addEventListener('click', (event) => {
      event.stopPropagation();
      this.view.endCelebration();
    });
    document.addEventListener('keydown', (event) => this.key(event));
  }

  /** Page-wide keys: Escape closes what is open; "/" or "a" jumps to the add bar. */
  key(event) {
    if (event.key === 'Escape') {
      this.view.endCelebration();
      if (this.editing && !this.editing.typing) {
        const id = this.editing.id;
        this.editing = null;
        this.render();
        document.querySelector(`[data-focus-key="qty:${CSS.escape(id)}"]`)?.focus();
      }
      return;
    }
    if ((event.key !== '/' && event.key !== 'a') || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest('input, textarea, select, [contenteditable]')) return;
    if ($('add-bar').hidden) return;
    event.preventDefault();
    $('add-input').focus();
  }

  /**
   * Whether the add bar is in use with focus on `focused`: typing in it, or on one of its
   * chips, or on ＋ with something typed. (After an add from ＋ the bar is empty: not in use.)
   */
  addBarInUse(focused = document.activeElement) {
    const input = $('add-input');
    if (!focused) return false;
    if (focused === input || $('chips').contains(focused)) return true;
    return focused === $('add-button') && input.value.trim() !== '';
  }

  render({ glide = false } = {}) {
    if (!this.sync.list) return;
    // A row holding a focused text field is left alone by the view (so a live update never
    // eats what someone is typing); once the field is done with, let go of it.
    const active = document.activeElement;
    if (active && active.matches('.amount-input, .rename')
        && !((this.editing && this.editing.typing) || this.renaming)) {
      active.blur();
    }
    this.view.render(holding(this.sync.list, this.checkOff), {
      ...this.ui, checking: this.checkOff.pending, editing: this.editing, renaming: this.renaming,
    }, { glide });
    if (this.listsBar && this.listsBar.lists.length) this.listsBar.render();
    // The check-in card (checkin.js) hears what the server's list holds now.
    document.dispatchEvent(new CustomEvent('basket:list', { detail: { list: this.sync.server } }));
  }

  /** A toast's `about`: these items, as the list shows them now. */
  about(ids) {
    return { list: this.sync.list || { toGet: [], gotIt: [] }, ids };
  }

  // MARK: Adding

  async suggest() {
    const input = $('add-input');
    const typed = input.value;
    // NB: the chips are for the name being typed: "2 l ora" asks for "ora", and the chip
    // picked keeps the 2 L (addName).
    const query = typed.trim() ? typingLine(typed).query : '';
    if (!this.addBarInUse()) {
      this.view.chips([]);
      return;
    }
    let chips = null;
    if (this.sync.net.reachable) {
      try {
        chips = (query ? await api.suggestions(query) : await api.usuals()).suggestions;
        this.sync.learnWords(chips);
        this.sync.context.lexicon.learnChips(chips);
        if (!query) {
          this.sync.usuals = chips;
          this.sync.store.put('usuals', chips);
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) this.sync.unreachable();
      }
    }
    if (!chips) {
      chips = offlineSuggestions(query, { words: this.sync.words, usuals: this.sync.usuals, toGet: this.sync.list ? this.sync.list.toGet : [] });
    }
    if (input.value !== typed) return; // typed on meanwhile
    this.view.chips(this.addBarInUse() ? chips : [], (name) => this.addName(name));
  }

  async addTyped() {
    const input = $('add-input');
    const text = input.value.trim();
    if (!text) return;
    // The core's reading of the line (ShoppingLine): every item it names, or why none is added.
    const reading = readLine(text);
    if (reading.refused) {
      this.view.toast(`Not added: ${reading.message}.`, { duration: REFUSAL_TOAST });
      return;
    }
    const changes = reading.items.map((item) => this.sync.change('add', addFields(item)));
    this.render({ glide: true });
    for (const { effect } of changes) this.added(effect);
    // The bar clears once the server has the adds (or can't be reached), so a refused add
    // keeps what was typed, to mend.
    await within(this.sync.drain(), ADD_WAIT);
    if (changes.some(({ op }) => this.sync.refusals.has(op.op))) return;
    if (input.value.trim() === text) input.value = '';
    this.suggest();
  }

  /** A chip picked: its name, with the amount typed so far and the items typed before it. */
  async addName(name) {
    const input = $('add-input');
    const typing = input.value.trim() ? typingLine(input.value) : { done: [], quantity: null, amount: null };
    for (const item of typing.done) this.sync.change('add', addFields(item));
    const { effect } = this.sync.change('add', addFields({ name, quantity: typing.quantity, amount: typing.amount }));
    input.value = '';
    // A chip picked from the keyboard is gone now: keep the add bar in use.
    if (!document.activeElement || document.activeElement === document.body) input.focus();
    this.render({ glide: true });
    this.added(effect);
    this.suggest();
  }

  /** Says when an add found the name on the list already. */
  added(effect) {
    if (effect.outcome !== 'bumped' && effect.outcome !== 'restored') return;
    const item = this.sync.list.toGet.find((entry) => entry.id === effect.item);
    if (!item) return;
    this.view.flash(item.id);
    this.view.toast(effect.outcome === 'bumped'
      ? `${item.name} is already on the list: moved to the top.`
      : `${item.name} is back on the list.`, { about: this.about([item.id]) });
  }

  // MARK: Checking off

  check(item, button) {
    if (this.checkOff.has(item.id)) {
      // Un-checking during the hold: take the check back if it hasn't gone yet.
      const checkOp = this.checkOps.get(item.id);
      this.checkOps.delete(item.id);
      if (!checkOp || !this.sync.withdraw(checkOp)) this.sync.change('uncheck', { item: item.id });
      this.checkOff.cancel(item.id);
      button.closest('.item')?.classList.remove('checking');
      button.setAttribute('aria-checked', 'false');
      return;
    }
    this.checkOff.check(item.id);
    this.view.itemChanged(item.id);
    button.closest('.item')?.classList.add('checking');
    button.setAttribute('aria-checked', 'true');
    this.view.sparks(button);
    const { op, effect } = this.sync.change('check', { item: item.id });
    this.checkOps.set(item.id, op.op);
    if (effect.allDone) this.allDonePending = true;
  }

  settleChecks(ids) {
    for (const id of ids) this.checkOps.delete(id);
    this.sync.recompute();
    this.render({ glide: true });
    if (this.allDonePending) {
      this.allDonePending = false;
      if (this.sync.list && this.sync.list.toGet.length === 0) setTimeout(() => this.view.celebrate(), 300);
    }
  }

  restore(item) {
    this.sync.change('uncheck', { item: item.id });
    this.render({ glide: true });
  }

  // MARK: Clear and undo

  clearAll() {
    const shown = this.sync.list ? this.sync.list.gotIt : [];
    if (!shown.length) return;
    const { op, effect } = this.sync.change('clear', { items: shown.map((item) => item.id) });
    this.render({ glide: true });
    const count = effect.cleared.length;
    this.view.toast(`Cleared ${count} ${count === 1 ? 'item' : 'items'}.`, {
      until: Date.now() + listTiming().undo,
      undo: () => this.undoClear(op, effect.cleared),
    });
  }

  /** Undo of Clear all: withdrawn if it never left the phone, else an undo sent after it. */
  async undoClear(clearOp, cleared) {
    this.view.hideToast();
    if (!(await this.sync.withdrawSoon(clearOp.op))) this.sync.change('undo', { clear: clearOp.op });
    this.render({ glide: true });
    const back = this.sync.list.gotIt.filter((item) => cleared.includes(item.id));
    this.view.toast(back.length
      ? `Brought back ${namesPhrase(back.map((item) => item.name))}.`
      : 'Nothing came back: the server had let them go.', { about: this.about(back.map((item) => item.id)) });
  }

  /** Undo of a removal: withdrawn if it never left the phone, else the same name added again. */
  async undoRemove(removeOp, item) {
    this.view.hideToast();
    let id = item.id;
    if (!(await this.sync.withdrawSoon(removeOp.op))) {
      const fields = { item: uuid(), name: item.name };
      if (item.quantity) fields.quantity = item.quantity;
      id = this.sync.change('add', fields).effect.item;
    }
    this.render({ glide: true });
    this.view.flash(id);
    this.view.toast(`Brought back ${item.name}.`, { about: this.about([id]) });
  }

  // MARK: Editing

  edit(item) {
    // NB: the editor's aisle picker lists the categories, read once and kept on the phone.
    if (!this.aisles.categories.length) this.aisles.load();
    if (this.editing && this.editing.id === item.id) {
      this.editing = null;
    } else if (!item.quantity && item.editAmount && this.sync.rules && this.sync.rules.recipe.knows(item.editAmount.unit)) {
      // What a recipe asked for is edited in its own unit: 2¼ cups steps to 2½ cups.
      const { amount, unit, packSize } = item.editAmount;
      this.editing = { id: item.id, amount: { amount, unit, ...(packSize ? { packSize } : {}) }, typing: false, saved: true };
    } else {
      const quantity = item.quantity || (this.sync.rules && this.sync.rules.starting(item.defaultUnit));
      if (!quantity) return;
      this.editing = { id: item.id, quantity, typing: false, saved: !!item.quantity };
    }
    this.render();
  }

  setQuantity(item, quantity) {
    this.editing = { ...this.editing, quantity, amount: null, typing: false, saved: true, touched: true };
    this.render();
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(item.id, quantity), 250);
  }

  /** An amount in a recipe unit: shown at once, saved as the stepper settles. */
  setAmount(item, amount) {
    this.editing = { ...this.editing, amount, typing: false, saved: true, touched: true };
    this.render();
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.sync.change('amount', { item: item.id, amount });
      if (!this.checkOff.isHolding) this.render();
    }, 250);
  }

  save(id, quantity) {
    this.sync.change('quantity', { item: id, quantity });
    if (!this.checkOff.isHolding) this.render();
  }

  handlers() {
    const walkEntries = () => this.walking.entries(holding(this.sync.list, this.checkOff).toGet);
    return {
      walking: this.walking,
      aisles: this.aisles,
      onCategory: (item, category) => this.aisles.move(item, category),
      onAddShop: (name) => this.walking.addShop(name),
      onChooseShop: (name) => this.walking.choose(name),
      onMoveItem: (id, offset) => this.walking.move(moveItem(walkEntries(), id, offset)),
      onMoveAisle: (id, offset) => this.walking.move(moveAisle(walkEntries(), id, offset)),
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
      onUnit: (item, unit) => {
        const { amount, quantity } = this.editing;
        if (amount) {
          if (unit !== amount.unit) this.setQuantity(item, this.sync.rules.starting(unit));
          return;
        }
        this.setQuantity(item, this.sync.rules.switching(quantity, unit));
      },
      onStep: (item, direction) => {
        const { amount, quantity } = this.editing;
        if (amount) return this.setAmount(item, this.sync.rules.recipe.step(amount, direction));
        this.setQuantity(item, direction > 0 ? this.sync.rules.increment(quantity) : this.sync.rules.decrement(quantity));
      },
      recipeAmountText: (amount) => this.sync.rules.recipe.text(amount),
      recipeNumber: (amount) => this.sync.rules.recipe.number(amount.amount, amount.unit),
      recipeUnitWord: (amount) => this.sync.rules.recipe.word(amount.unit, amount.amount),
      onTypeAmount: () => {
        this.editing = { ...this.editing, typing: true };
        this.render();
        const input = document.querySelector('.amount-input');
        input?.focus();
        input?.select();
      },
      onTyped: (item, text) => {
        if (!this.editing || !this.editing.typing) return;
        const { quantity, amount } = this.editing;
        if (amount) {
          const typed = this.sync.rules.recipe.typed(text, amount);
          if (typed.amount === amount.amount) {
            this.editing = { ...this.editing, typing: false };
            this.render();
          } else {
            this.setAmount(item, typed);
          }
          document.querySelector(`[data-focus-key="amount:${CSS.escape(item.id)}"]`)?.focus();
          return;
        }
        const typed = this.sync.rules.typed(text, quantity, item.units);
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
      onClearQuantity: (item) => {
        const { amount } = this.editing || {};
        this.editing = null;
        clearTimeout(this.saveTimer);
        if (amount) {
          this.sync.change('amount', { item: item.id, amount: { ...amount, amount: 0 } });
          this.render();
        } else {
          this.save(item.id, null);
        }
      },
      onRemove: (item) => {
        this.editing = null;
        const { op } = this.sync.change('remove', { item: item.id });
        this.render({ glide: true });
        this.view.toast(`Removed ${item.name}.`, {
          about: { ...this.about([]), name: item.name },
          until: Date.now() + listTiming().undo,
          undo: () => this.undoRemove(op, item),
        });
      },
      onRename: (item) => {
        this.renaming = item.id;
        this.render();
        const input = document.querySelector('.rename');
        input?.focus();
        input?.select();
      },
      onRenameCommit: (item, value) => {
        if (this.renaming !== item.id) return;
        this.renaming = null;
        const name = value.trim();
        if (!name) {
          this.render();
          this.view.toast("A name can't be empty, so it stays as it was.", { about: this.about([item.id]) });
          return;
        }
        if (name === item.name) {
          this.render();
          return;
        }
        const { effect } = this.sync.change('rename', { item: item.id, name });
        this.render();
        // A rename resets the quantity (the units an item is measured in follow its name): say
        // so rather than drop it silently.
        if (!effect.missing && item.quantity) {
          this.view.toast(`Renamed to ${cleanName(name)}; its amount was reset.`, { about: this.about([item.id]) });
        }
        document.querySelector(`[data-focus-key="name:${CSS.escape(item.id)}"]`)?.focus();
      },
      onNoteCommit: (item, value) => {
        const { note, refused } = cleanNote(value);
        // NB: an editor opened for the note alone leaves the quantity as it was on Done.
        if ((refused || note !== (item.note || null)) && this.editing && this.editing.id === item.id
            && !this.editing.touched) {
          this.editing = { ...this.editing, saved: true };
        }
        if (refused) {
          this.view.toast(`${refused} It stays as it was.`, { about: this.about([item.id]) });
          return;
        }
        if (note === (item.note || null)) return;
        this.sync.change('note', { item: item.id, note });
        this.render();
      },
      onRenameCancel: (item) => {
        this.renaming = null;
        this.render();
        document.querySelector(`[data-focus-key="name:${CSS.escape(item.id)}"]`)?.focus();
      },
    };
  }
}
