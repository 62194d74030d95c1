// The shared pieces of the page: the phone's copy of the list, the queue of changes
// (offline.js) and the connection to the server: the queue drains by itself, live changes and
// catch-ups keep the copy current, and the status line says where things stand.
//
// The list screen (list.js) holds one (`screen.sync`) and is told what to show through the
// few calls `ListSync` makes on it (see the constructor); `Controller` (controller.js) opens
// the page and says who we are (`connect`).

import { api, ApiError, showList } from './api.js';
import {
  Lexicon, Outbox, applyChanges, applyOp, backoff, catchUpPlan, localList, makeOp, nameKey,
  statusState, statusText,
} from './offline.js';
import { uuid } from './model.js';
import { PhoneStore } from './store.js';

/** How long the status line shows a refusal, in ms. */
const REFUSAL_TIME = 8000;
const EMPTY_LIST = {
  toGet: [], gotIt: [], undoUntil: null, revision: 0,
  mood: { tint: 'afternoon', accent: null, emptyLine: 'Nothing on the list.' },
};

/** Resolves when `promise` does, or after `ms` (whichever is first). */
export function within(promise, ms) {
  return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
}

export class ListSync {
  /**
   * `screen` shows the list and is told of what happens: `render({glide})`, `isHolding`
   * (checks held in place: no redraw yet), `listSwitched()`, `listRecomputed(list)`,
   * `listRemoved()`, `toast(text, options)`, `setStatus(text, state)`, `needsPairing(text)`,
   * and, for the page's opening, `entered`, `connect()` and `changes` (the live stream).
   */
  constructor(screen) {
    this.screen = screen;
    this.store = new PhoneStore();
    this.server = null; // the server's last list
    this.list = null; // what the page shows: the server's list with waiting changes on top
    this.outbox = new Outbox();
    this.acked = []; // [{op, revision}]: answered, until a list at least that new arrives
    this.listId = null; // the list shown (its id), null: the household's first
    const sync = this;
    this.context = {
      lexicon: new Lexicon(), aliases: new Map(), clears: new Map(),
      get rules() { return sync.rules; },
    };
    this.words = []; // suggestion chips seen: [{name, emoji, source}]
    this.usuals = [];
    this.net = { reachable: true, live: false, syncing: false, refusal: null };
    this.attempt = 0;
    this.retryTimer = null;
    this.draining = null;
    this.rules = null;
    this.serverOffset = 0; // server clock − local clock, ms
    this.refusals = new Map(); // op id → why the server refused it
    this.refreshing = null;
    this.refreshAgain = false;
  }

  // MARK: Reading

  /** Server time now, in ms. */
  now() {
    return Date.now() + this.serverOffset;
  }

  /** Where the phone keeps its copy of the list shown. */
  listKey() {
    return this.listId ? `list:${this.listId}` : 'list';
  }

  /**
   * Shows list `id` (null: the household's first): its copy on the phone at once with the
   * changes waiting for it, then the server's, and its live changes from then on.
   */
  async switchList(id) {
    const next = id || null;
    if (next === this.listId) return;
    this.listId = next;
    showList(next);
    this.store.put('shown-list', next);
    this.server = (await this.store.get(this.listKey())) || null;
    this.acked = [];
    this.screen.listSwitched();
    this.recompute();
    this.screen.render();
    if (this.screen.changes) this.screen.changes.restart();
    if (this.screen.entered) await this.refresh();
  }

  /** Rebuilds what the page shows: the server's list with every waiting change applied. */
  recompute() {
    const ops = [...this.acked.map((entry) => entry.op), ...this.outbox.opsFor(this.listId)];
    const base = this.server || EMPTY_LIST;
    this.list = localList(base, ops, this.context, this.now());
    this.screen.listRecomputed(this.list);
  }

  /** Fetches the list; while checks are held in place, keeps it for when they settle. */
  async refresh({ glide = false } = {}) {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        // NB: the phone's copy says which list it is (its ETag): the server sends the list
        // only when it has moved on, else 304 and no body.
        const kept = this.server && this.server.etag;
        const answer = await api.list(kept);
        if (Number.isFinite(answer.now)) this.serverOffset = answer.now - Date.now();
        const list = answer.list ? { ...answer.list, etag: answer.etag } : this.server;
        this.server = list;
        this.acked = this.acked.filter((entry) => entry.revision > list.revision);
        if (answer.list) {
          this.context.lexicon.learnItems([...list.toGet, ...list.gotIt]);
          this.learnWords([...list.toGet, ...list.gotIt].map((item) => ({ name: item.name, emoji: item.emoji, source: 'history' })));
          this.store.put(this.listKey(), list);
          this.store.put('lexicon', this.context.lexicon.entries());
        }
        this.store.put('offset', this.serverOffset);
        this.reachable();
        this.recompute();
        if (!this.screen.isHolding) this.screen.render({ glide });
      } catch (error) {
        // The list shown was removed (or never was, here): show the household's first.
        if (error instanceof ApiError && (error.status === 410 || error.status === 404) && this.listId) {
          this.screen.toast(error.message, { duration: REFUSAL_TIME });
          // NB: after this refresh has settled, so the first list's starts afresh.
          setTimeout(async () => {
            await this.switchList(null);
            this.screen.listRemoved();
          }, 0);
          return;
        }
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
    // NB: caught up by changes, it is no longer the list its ETag named.
    this.server = { ...list, etag: null };
    this.acked = this.acked.filter((entry) => entry.revision > list.revision);
    this.context.lexicon.learnItems(notice.items);
    this.store.put(this.listKey(), this.server);
    this.recompute();
    if (!this.screen.isHolding) this.screen.render();
  }

  // MARK: The queue

  /**
   * Makes a change: applied to the page's copy at once, kept on the phone, and sent to the
   * server (now, or when it can be reached). Returns {op, effect} (offline.js applyOp).
   */
  change(type, fields) {
    const op = makeOp(type, fields, { id: uuid(), at: new Date(this.now()).toISOString() });
    const { effect } = applyOp(this.list || EMPTY_LIST, op, this.context);
    const entry = this.outbox.add(op, Date.now() + Math.random(), this.listId);
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
      this.draining = this.sendAll().then((emptied) => {
        this.draining = null;
        // NB: a change made while the last answer's list was read joined no batch: send it.
        if (emptied && this.outbox.entries.some((entry) => !entry.sent)) this.drain();
      }, () => {
        this.draining = null;
      });
    }
    return this.draining;
  }

  /** Sends batches until the queue is empty (true) or the server can't take them (false). */
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
        const request = api.ops(batch.map((entry) => entry.op), batch[0].list);
        this.inFlight = request.then(() => {}, () => {});
        answer = await request;
        if (!answer || !Array.isArray(answer.results)) throw new ApiError(0, 'The answer was cut off.');
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429) {
          this.outbox.unsent();
          clearTimeout(slow);
          this.net.syncing = false;
          this.unreachable();
          return false;
        }
        if (error.status === 401) {
          this.outbox.unsent();
          clearTimeout(slow);
          this.net.syncing = false;
          this.fail(error);
          return false;
        }
        // The whole request was refused (it can never apply as sent; say, its list was
        // removed): say so, per change. NB: still marked sent, so settling takes them out.
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
        // NB: only the list shown keeps its answered changes on top until its list catches up.
        if (!refusedOps.has(entry.op.op) && (entry.list || null) === this.listId) {
          this.acked.push({ op: entry.op, revision: answer.revision ?? Infinity });
        }
      }
      this.reachable();
      if (refused.length) this.refused(refused);
    }
    if (answered) await this.refresh({ glide: true });
    this.showStatus();
    return true;
  }

  /** Changes the server refused: said plainly, and the page goes back to the server's list. */
  refused(refusals) {
    for (const { op, reason } of refusals) this.refusals.set(op.op, reason);
    const reason = refusals[refusals.length - 1].reason.replace(/\.$/, '');
    this.net.refusal = refusals.length === 1 ? reason : `${reason} (and ${refusals.length - 1} more)`;
    this.screen.toast(`Not saved: ${this.net.refusal}.`, { duration: REFUSAL_TIME });
    clearTimeout(this.refusalTimer);
    this.refusalTimer = setTimeout(() => {
      this.net.refusal = null;
      this.showStatus();
    }, REFUSAL_TIME);
    this.recompute();
    if (!this.screen.isHolding) this.screen.render({ glide: true });
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
      if (!this.screen.entered) this.screen.connect();
      else this.drain();
      if (this.screen.changes && !this.net.live) this.screen.changes.wake();
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
    if (!this.screen.entered) return this.screen.connect();
    if (this.outbox.size) return this.drain();
    return this.catchUp();
  }

  showStatus() {
    const state = { ...this.net, waiting: this.outbox.size };
    this.screen.setStatus(statusText(state), statusState(state));
  }

  fail(error) {
    if (error instanceof ApiError && error.status === 401) {
      this.screen.needsPairing('This phone needs pairing again.');
      return;
    }
    if (error instanceof ApiError && error.status === 0) {
      this.unreachable(); // the status line says so; the page keeps working
      return;
    }
    this.screen.toast(error.message || 'Something went wrong.');
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
}
