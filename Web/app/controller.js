// Wires the page: user actions → the local copy and the queue of changes (offline.js) → view;
// the queue drains to the server by itself. Holds the page-only state (which row is being
// edited or renamed, which checks are mid-choreography) and the connection's state.

import { api, ApiError, watchChanges } from './api.js';
import { CheckOff, QuantityRules, namesPhrase, uuid } from './model.js';
import {
  DEFAULT_RULES, Lexicon, Outbox, UNDO_WINDOW, applyChanges, applyOp, backoff, catchUpPlan, cleanName, localList,
  makeOp, nameKey, offlineSuggestions, statusState, statusText,
} from './offline.js';
import { PhoneStore } from './store.js';
import { View } from './view.js';
import { Walking, dragToReorder, moveAisle, moveItem } from './walking.js';

const $ = (id) => document.getElementById(id);
/** How long a typed add waits for the server before the add bar clears anyway, in ms. */
const ADD_WAIT = 1500;
/** How long the status line shows a refusal, in ms. */
const REFUSAL_TIME = 8000;
const EMPTY_LIST = {
  toGet: [], gotIt: [], undoUntil: null, now: null, revision: 0,
  mood: { tint: 'afternoon', accent: null, emptyLine: 'Nothing on the list.' },
};

/** The list as drawn during a check-off's hold: checked items still in their places in To get. */
function holding(list, checkOff) {
  if (!checkOff.isHolding) return list;
  const held = list.gotIt.filter((item) => checkOff.has(item.id));
  if (!held.length) return list;
  const toGet = [...list.toGet, ...held]
    .sort((a, b) => Date.parse(b.listedAt) - Date.parse(a.listedAt) || (a.id < b.id ? -1 : 1));
  return { ...list, toGet, gotIt: list.gotIt.filter((item) => !checkOff.has(item.id)) };
}

export class Controller {
  constructor() {
    this.view = new View();
    this.store = new PhoneStore();
    this.server = null; // the server's last list
    this.list = null; // what the page shows: the server's list with waiting changes on top
    this.outbox = new Outbox();
    this.acked = []; // [{op, revision}]: answered, until a list at least that new arrives
    const controller = this;
    this.context = {
      lexicon: new Lexicon(), aliases: new Map(), clears: new Map(),
      get rules() { return controller.rules; },
    };
    this.words = []; // suggestion chips seen: [{name, emoji, source}]
    this.usuals = [];
    this.net = { reachable: true, live: false, syncing: false, refusal: null };
    this.attempt = 0;
    this.retryTimer = null;
    this.draining = null;
    this.entered = false;
    this.rules = null;
    this.serverOffset = 0; // server clock − local clock, ms
    this.editing = null; // {id, quantity, typing}
    this.renaming = null;
    this.allDonePending = false;
    this.checkOps = new Map(); // item id → the op id of its check during the hold
    this.refusals = new Map(); // op id → why the server refused it
    this.checkOff = new CheckOff((ids) => this.settleChecks(ids));
    this.refreshing = null;
    this.refreshAgain = false;
    this.walking = new Walking({ onChange: () => { if (!this.checkOff.isHolding) this.render(); } });
    this.ui = this.handlers();
  }

  // MARK: Start

  async start({ coldStart }) {
    if (coldStart) this.view.flourish();
    this.bindStatic();
    await this.load();
    window.addEventListener('online', () => this.retry());
    window.addEventListener('offline', () => {
      // NB: the browser says the network is gone: its open stream may not notice for minutes.
      if (this.changes) this.changes.close();
      this.net.live = false;
      this.unreachable();
    });
    await this.connect();
  }

  /** What the phone kept from its last visit: the list, the queue, names, rules. */
  async load() {
    await this.store.open();
    const [list, queued, rules, lexicon, words, usuals] = await Promise.all([
      this.store.get('list'), this.store.queued(), this.store.get('rules'), this.store.get('lexicon'),
      this.store.get('words'), this.store.get('usuals'),
    ]);
    this.server = list || null;
    this.outbox = new Outbox(queued || []);
    if (rules) this.rules = new QuantityRules(rules);
    if (lexicon) this.context.lexicon = new Lexicon(lexicon);
    this.words = words || [];
    this.usuals = usuals || [];
    const offset = await this.store.get('offset');
    if (typeof offset === 'number') this.serverOffset = offset;
    this.recompute();
    // A phone that has been here before shows its list at once, whatever the network does.
    if (list || this.outbox.size) {
      this.view.showList();
      this.render();
    }
  }

  /** Asks the server who we are; offline, opens on what the phone kept. */
  connect() {
    if (!this.connecting) {
      this.connecting = this.introduce().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  async introduce() {
    const params = new URLSearchParams(location.search);
    let session;
    try {
      session = await api.session();
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        this.openOffline();
        return;
      }
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

  /** The server can't be reached: the list the phone last saw, every control working. */
  openOffline() {
    this.view.showList();
    if (!this.rules) this.rules = new QuantityRules(DEFAULT_RULES);
    this.render();
    this.unreachable();
  }

  async enter(params) {
    this.entered = true;
    this.view.showList();
    this.render();
    if (params.has('paired')) this.view.toast('Paired! This phone can use the list now.');
    if (params.has('paired') || params.has('pairing')) history.replaceState(null, '', '/');
    try {
      const rules = await api.rules();
      this.rules = new QuantityRules(rules);
      this.store.put('rules', rules);
    } catch (error) {
      if (!this.rules) this.rules = new QuantityRules(DEFAULT_RULES);
      this.fail(error);
    }
    await this.refresh();
    this.drain();
    if (this.walking.on) this.walking.load();
    if (this.watching) return;
    this.watching = true;
    this.changes = watchChanges({
      hello: (revision) => this.catchUp(revision),
      change: (notice) => this.caughtUp(notice),
      state: (state) => {
        this.net.live = state === 'live';
        if (state === 'live') {
          this.reachable();
          this.drain();
        } else {
          this.catchUp(); // is it the stream, or is the server gone?
        }
        this.showStatus();
      },
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.retry();
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
    $('walk-toggle').addEventListener('click', () => this.walking.toggle());
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

  // MARK: Reading

  /** Server time now, in ms. */
  now() {
    return Date.now() + this.serverOffset;
  }

  /** Rebuilds what the page shows: the server's list with every waiting change applied. */
  recompute() {
    const ops = [...this.acked.map((entry) => entry.op), ...this.outbox.ops];
    const base = this.server || EMPTY_LIST;
    this.list = localList(base, ops, this.context, this.now());
    if (this.editing && !this.list.toGet.some((item) => item.id === this.editing.id)) this.editing = null;
  }

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
        this.server = list;
        this.acked = this.acked.filter((entry) => entry.revision > list.revision);
        this.context.lexicon.learnItems([...list.toGet, ...list.gotIt]);
        this.learnWords([...list.toGet, ...list.gotIt].map((item) => ({ name: item.name, emoji: item.emoji, source: 'history' })));
        this.store.put('list', list);
        this.store.put('offset', this.serverOffset);
        this.store.put('lexicon', this.context.lexicon.entries());
        this.reachable();
        this.recompute();
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

  /**
   * Catches the page's copy of the server's list up with the server, which is at `revision`
   * (a live stream's hello; undefined when not known): asks only for what changed since the
   * page's revision, and reads the whole list only when the server no longer knows (410), or
   * the answer doesn't follow on from what the page has.
   */
  async catchUp(revision) {
    const plan = catchUpPlan(this.server, revision);
    if (plan === 'current') return;
    if (plan === 'list' || this.refreshing) {
      await this.refresh();
      return;
    }
    let notice;
    try {
      notice = await api.changes(this.server.revision);
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) await this.refresh();
      else this.fail(error);
      return;
    }
    this.reachable();
    this.caughtUp(notice);
  }

  /**
   * A live change notice (or the answer to /changes): applied to the server's list when it carries the change and follows
   * on from what the page has, else the list is read again.
   */
  caughtUp(notice) {
    const list = this.refreshing ? null : applyChanges(this.server, notice);
    if (!list) {
      this.refresh();
      return;
    }
    if (list === this.server) return;
    this.server = list;
    this.acked = this.acked.filter((entry) => entry.revision > list.revision);
    this.context.lexicon.learnItems(notice.items);
    this.store.put('list', list);
    this.recompute();
    if (!this.checkOff.isHolding) this.render();
  }

  // MARK: The queue

  /**
   * Makes a change: applied to the page's copy at once, kept on the phone, and sent to the
   * server (now, or when it can be reached). Returns {op, effect} (offline.js applyOp).
   */
  change(type, fields) {
    const op = makeOp(type, fields, { id: uuid(), at: new Date(this.now()).toISOString() });
    const { effect } = applyOp(this.list || EMPTY_LIST, op, this.context);
    const entry = this.outbox.add(op, Date.now() + Math.random());
    this.store.enqueue(entry);
    this.recompute();
    this.showStatus();
    this.drain();
    return { op, effect };
  }

  /**
   * Takes back a change not sent yet; false when it has reached the server. A change in a
   * request still out waits for its answer: if the request failed, it never left.
   */
  async withdrawSoon(opId) {
    let waited = null;
    while (this.outbox.isSent(opId) && this.inFlight && this.inFlight !== waited) {
      waited = this.inFlight;
      await waited;
    }
    return this.withdraw(opId);
  }

  /** Takes back a change not sent yet; false when it has gone to the server already. */
  withdraw(opId) {
    const entry = this.outbox.withdraw(opId);
    if (!entry) return false;
    this.store.dequeue([entry.seq]);
    this.recompute();
    this.showStatus();
    return true;
  }

  /** Sends the queue in order, batch after batch, until it is empty or the server is gone. */
  drain() {
    if (!this.draining) {
      this.draining = this.sendAll().finally(() => {
        this.draining = null;
      });
    }
    return this.draining;
  }

  async sendAll() {
    let answered = false;
    for (;;) {
      // Another tab on this phone may have queued changes in the same store: send those too
      // (the server applies each once, whichever tab sends it).
      if (this.outbox.merge(await this.store.queued())) this.recompute();
      const batch = this.outbox.batch();
      if (!batch.length) break;
      // "Syncing…" while the server is slow to answer (coming back on a weak signal, say); a
      // quick answer, or a quick failure, goes straight to what it says.
      const syncing = () => {
        this.net.syncing = true;
        this.showStatus();
      };
      const slow = setTimeout(syncing, 400);
      let answer;
      try {
        const request = api.ops(batch.map((entry) => entry.op));
        this.inFlight = request.then(() => {}, () => {});
        answer = await request;
        if (!answer || !Array.isArray(answer.results)) throw new ApiError(0, 'The answer was cut off.');
      } catch (error) {
        this.outbox.unsent();
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429) {
          clearTimeout(slow);
          this.net.syncing = false;
          this.unreachable();
          return;
        }
        if (error.status === 401) {
          clearTimeout(slow);
          this.net.syncing = false;
          this.fail(error);
          return;
        }
        // The whole request was refused (it can never apply as sent): say so, per change.
        answer = { results: batch.map((entry) => ({ op: entry.op.op, status: 'refused', reason: error.message })), revision: null };
      } finally {
        clearTimeout(slow);
      }
      answered = true;
      this.net.syncing = false;
      const { done, refused, aliases } = this.outbox.settle(answer.results || []);
      this.store.dequeue(done.map((entry) => entry.seq));
      // The server's word on where each add landed replaces the page's guess.
      for (const entry of done) if (entry.op.type === 'add') this.context.aliases.delete(entry.op.item);
      for (const [from, to] of aliases) this.context.aliases.set(from, to);
      if (aliases.length) this.store.rewrite(this.outbox.entries);
      const refusedOps = new Set(refused.map((entry) => entry.op.op));
      for (const entry of done) {
        if (!refusedOps.has(entry.op.op)) this.acked.push({ op: entry.op, revision: answer.revision ?? Infinity });
      }
      this.reachable();
      if (refused.length) this.refused(refused);
    }
    if (answered) await this.refresh({ glide: true });
    this.showStatus();
  }

  /** Changes the server refused: said plainly, and the page goes back to the server's list. */
  refused(refusals) {
    for (const { op, reason } of refusals) this.refusals.set(op.op, reason);
    const reason = refusals[refusals.length - 1].reason.replace(/\.$/, '');
    this.net.refusal = refusals.length === 1 ? reason : `${reason} (and ${refusals.length - 1} more)`;
    this.view.toast(`Not saved: ${this.net.refusal}.`, { duration: REFUSAL_TIME });
    clearTimeout(this.refusalTimer);
    this.refusalTimer = setTimeout(() => {
      this.net.refusal = null;
      this.showStatus();
    }, REFUSAL_TIME);
    this.recompute();
    if (!this.checkOff.isHolding) this.render({ glide: true });
    this.showStatus();
  }

  /** The server answered: retries start from the shortest wait again. */
  reachable() {
    const was = this.net.reachable;
    this.net.reachable = true;
    this.attempt = 0;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!was) {
      this.showStatus();
      if (!this.entered) this.connect();
      else this.drain();
      if (this.changes && !this.net.live) this.changes.wake();
    }
  }

  /** The server can't be reached: try again later, waiting longer each time. */
  unreachable() {
    // NB: `live` stays as the event stream last said: it hears its own failures.
    this.net.reachable = false;
    this.showStatus();
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retry();
    }, backoff(this.attempt));
    this.attempt += 1;
  }

  /** Tries the server now: the queue if anything waits, else the list. */
  retry() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!this.entered) return this.connect();
    if (this.outbox.size) return this.drain();
    return this.catchUp();
  }

  showStatus() {
    const state = { ...this.net, waiting: this.outbox.size };
    this.view.setStatus(statusText(state), statusState(state));
  }

  /** Resolves when `promise` does, or after `ms` (whichever is first). */
  static within(promise, ms) {
    return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
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
    this.view.render(holding(this.list, this.checkOff), {
      ...this.ui, checking: this.checkOff.pending, editing: this.editing, renaming: this.renaming,
    }, { glide });
    // The check-in card (checkin.js) hears what the server's list holds now.
    document.dispatchEvent(new CustomEvent('basket:list', { detail: { list: this.server } }));
  }

  /** A toast's `about`: these items, as the list shows them now. */
  about(ids) {
    return { list: this.list || { toGet: [], gotIt: [] }, ids };
  }

  fail(error) {
    if (error instanceof ApiError && error.status === 401) {
      this.view.showPairing('This phone needs pairing again.');
      return;
    }
    if (error instanceof ApiError && error.status === 0) {
      this.unreachable(); // the status line says so; the page keeps working
      return;
    }
    this.view.toast(error.message || 'Something went wrong.');
  }

  /** Remembers suggestion chips (and names seen) for suggestions offline. */
  learnWords(chips) {
    const byKey = new Map(this.words.map((chip) => [nameKey(chip.name), chip]));
    let changed = false;
    for (const chip of chips) {
      const key = nameKey(chip.name);
      const known = byKey.get(key);
      if (known && (known.source === 'history' || chip.source !== 'history')) continue;
      byKey.set(key, { name: chip.name, emoji: chip.emoji, source: chip.source });
      changed = true;
    }
    if (!changed) return;
    this.words = [...byKey.values()].slice(-3000);
    this.store.put('words', this.words);
  }

  // MARK: Adding

  async suggest() {
    const input = $('add-input');
    const query = input.value.trim();
    if (!this.addBarInUse()) {
      this.view.chips([]);
      return;
    }
    let chips = null;
    if (this.net.reachable) {
      try {
        chips = (query ? await api.suggestions(query) : await api.usuals()).suggestions;
        this.learnWords(chips);
        this.context.lexicon.learnChips(chips);
        if (!query) {
          this.usuals = chips;
          this.store.put('usuals', chips);
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) this.unreachable();
      }
    }
    if (!chips) {
      chips = offlineSuggestions(query, { words: this.words, usuals: this.usuals, toGet: this.list ? this.list.toGet : [] });
    }
    if (input.value.trim() !== query) return; // typed on meanwhile
    this.view.chips(this.addBarInUse() ? chips : [], (name) => this.addName(name));
  }

  async addTyped() {
    const input = $('add-input');
    const text = input.value.trim();
    if (!text) return;
    const { op, effect } = this.change('add', { item: uuid(), text });
    this.render({ glide: true });
    this.added(effect);
    // The bar clears once the server has the add (or can't be reached), so a refused add
    // keeps what was typed, to mend.
    await Controller.within(this.drain(), ADD_WAIT);
    if (this.refusals.has(op.op)) return;
    if (input.value.trim() === text) input.value = '';
    this.suggest();
  }

  async addName(name) {
    const { effect } = this.change('add', { item: uuid(), name });
    $('add-input').value = '';
    // A chip picked from the keyboard is gone now: keep the add bar in use.
    if (!document.activeElement || document.activeElement === document.body) $('add-input').focus();
    this.render({ glide: true });
    this.added(effect);
    this.suggest();
  }

  /** Says when an add found the name on the list already. */
  added(effect) {
    if (effect.outcome !== 'bumped' && effect.outcome !== 'restored') return;
    const item = this.list.toGet.find((entry) => entry.id === effect.item);
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
      if (!checkOp || !this.withdraw(checkOp)) this.change('uncheck', { item: item.id });
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
    const { op, effect } = this.change('check', { item: item.id });
    this.checkOps.set(item.id, op.op);
    if (effect.allDone) this.allDonePending = true;
  }

  settleChecks(ids) {
    for (const id of ids) this.checkOps.delete(id);
    this.recompute();
    this.render({ glide: true });
    if (this.allDonePending) {
      this.allDonePending = false;
      if (this.list && this.list.toGet.length === 0) setTimeout(() => this.view.celebrate(), 300);
    }
  }

  restore(item) {
    this.change('uncheck', { item: item.id });
    this.render({ glide: true });
  }

  // MARK: Clear and undo

  clearAll() {
    const shown = this.list ? this.list.gotIt : [];
    if (!shown.length) return;
    const { op, effect } = this.change('clear', { items: shown.map((item) => item.id) });
    this.render({ glide: true });
    const count = effect.cleared.length;
    this.view.toast(`Cleared ${count} ${count === 1 ? 'item' : 'items'}.`, {
      until: Date.now() + UNDO_WINDOW,
      undo: () => this.undoClear(op, effect.cleared),
    });
  }

  /** Undo of Clear all: withdrawn if it never left the phone, else an undo sent after it. */
  async undoClear(clearOp, cleared) {
    this.view.hideToast();
    if (!(await this.withdrawSoon(clearOp.op))) this.change('undo', { clear: clearOp.op });
    this.render({ glide: true });
    const back = this.list.gotIt.filter((item) => cleared.includes(item.id));
    this.view.toast(back.length
      ? `Brought back ${namesPhrase(back.map((item) => item.name))}.`
      : 'Nothing came back: the server had let them go.', { about: this.about(back.map((item) => item.id)) });
  }

  /** Undo of a removal: withdrawn if it never left the phone, else the same name added again. */
  async undoRemove(removeOp, item) {
    this.view.hideToast();
    let id = item.id;
    if (!(await this.withdrawSoon(removeOp.op))) {
      const fields = { item: uuid(), name: item.name };
      if (item.quantity) fields.quantity = item.quantity;
      id = this.change('add', fields).effect.item;
    }
    this.render({ glide: true });
    this.view.flash(id);
    this.view.toast(`Brought back ${item.name}.`, { about: this.about([id]) });
  }

  // MARK: Editing

  edit(item) {
    if (this.editing && this.editing.id === item.id) {
      this.editing = null;
    } else if (!item.quantity && item.editAmount && this.rules && this.rules.recipe.knows(item.editAmount.unit)) {
      // What a recipe asked for is edited in its own unit: 2¼ cups steps to 2½ cups.
      const { amount, unit, packSize } = item.editAmount;
      this.editing = { id: item.id, amount: { amount, unit, ...(packSize ? { packSize } : {}) }, typing: false, saved: true };
    } else {
      const quantity = item.quantity || (this.rules && this.rules.starting(item.defaultUnit));
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
      this.change('amount', { item: item.id, amount });
      if (!this.checkOff.isHolding) this.render();
    }, 250);
  }

  save(id, quantity) {
    this.change('quantity', { item: id, quantity });
    if (!this.checkOff.isHolding) this.render();
  }

  handlers() {
    const walkEntries = () => this.walking.entries(holding(this.list, this.checkOff).toGet);
    return {
      walking: this.walking,
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
          if (unit !== amount.unit) this.setQuantity(item, this.rules.starting(unit));
          return;
        }
        this.setQuantity(item, this.rules.switching(quantity, unit));
      },
      onStep: (item, direction) => {
        const { amount, quantity } = this.editing;
        if (amount) return this.setAmount(item, this.rules.recipe.step(amount, direction));
        this.setQuantity(item, direction > 0 ? this.rules.increment(quantity) : this.rules.decrement(quantity));
      },
      recipeAmountText: (amount) => this.rules.recipe.text(amount),
      recipeNumber: (amount) => this.rules.recipe.number(amount.amount, amount.unit),
      recipeUnitWord: (amount) => this.rules.recipe.word(amount.unit, amount.amount),
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
          const typed = this.rules.recipe.typed(text, amount);
          if (typed.amount === amount.amount) {
            this.editing = { ...this.editing, typing: false };
            this.render();
          } else {
            this.setAmount(item, typed);
          }
          document.querySelector(`[data-focus-key="amount:${CSS.escape(item.id)}"]`)?.focus();
          return;
        }
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
      onClearQuantity: (item) => {
        const { amount } = this.editing || {};
        this.editing = null;
        clearTimeout(this.saveTimer);
        if (amount) {
          this.change('amount', { item: item.id, amount: { ...amount, amount: 0 } });
          this.render();
        } else {
          this.save(item.id, null);
        }
      },
      onRemove: (item) => {
        this.editing = null;
        const { op } = this.change('remove', { item: item.id });
        this.render({ glide: true });
        this.view.toast(`Removed ${item.name}.`, {
          about: { ...this.about([]), name: item.name },
          until: Date.now() + UNDO_WINDOW,
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
        const { effect } = this.change('rename', { item: item.id, name });
        this.render();
        // A rename resets the quantity (BASKET.md §1): say so rather than drop it silently.
        if (!effect.missing && item.quantity) {
          this.view.toast(`Renamed to ${cleanName(name)}; its amount was reset.`, { about: this.about([item.id]) });
        }
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
