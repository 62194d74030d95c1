// Offline-first, as a shop's signal comes and goes; free of the DOM and the network: the queue of
// changes made on the phone (the outbox), the local copy they are applied to at once, the retry
// schedule and the status line. The server stays the judge: it applies each change exactly once
// (POST /api/v3/ops, ListOperation's JSON) and the page then shows its list with the changes still
// waiting applied on top. Names, typed adds, amounts and the chips offered offline are the core's
// own rules (rules.js, the Swift code built for the browser); the case tables in Tests/cases run
// against them.

import { call } from './rules.js';

/** The most changes one POST /api/v3/ops takes, as the API promises (docs/api.md). */
export const BATCH_LIMIT = 500;
/** How long Got it keeps an item and a Clear all can be undone, in ms: {gotIt, undo}. */
export function listTiming() {
  return call('list.timing');
}
/** Every unit, in the core's order: what an item the phone can't classify is offered. */
export function allUnits() {
  return call('quantity.allowedUnits', null);
}

/** The quantity rules (as GET /api/v3/quantity-rules) for a phone that has never read them. */
export function defaultRules() {
  return call('quantity.table');
}

// MARK: Names and typed adds: the core's own (rules.js)

/** The unit a word names ("l", "Litres", "kg."), or null (MeasureUnit(word:)). */
export function unitOfWord(word) {
  return call('quantity.unitNamed', String(word));
}

/** A typed name cleaned as every name is (NameText.cleaned); "" when nothing visible is left. */
export function cleanName(raw) {
  return call('nameText', String(raw));
}

/**
 * A note as the server keeps it (ItemNote.cleaned): {note}, null for none, or {refused} for
 * one too long.
 */
export function cleanNote(raw) {
  const answer = call('note.cleaned', raw === null || raw === undefined ? '' : String(raw));
  return answer.refused ? { refused: sentence(answer.refused) } : answer;
}

/** A rule's message as the page shows it: a sentence, capitalised, with a full stop. */
function sentence(message) {
  return /[.!?]$/.test(message) ? message : `${message[0].toUpperCase()}${message.slice(1)}.`;
}

/** The key two names share when they are the same item (NameKey.of). */
export function nameKey(name) {
  return call('nameKey', String(name));
}

/**
 * What a line typed in the add bar asks for (ShoppingLine.read): {items: [{name, quantity,
 * amount}]}, each with a stepper quantity or an amount in its own unit ("2 lb"), or
 * {refused, message} for a line nothing of which is added ("-5 apples", "2 kg").
 */
export function readLine(text) {
  return call('readLine', String(text));
}

/**
 * What is being typed so far (ShoppingLine.typing): {done: items before the last part,
 * quantity, amount, query: the last part's name so far}, for chips that keep the amount.
 */
export function typingLine(text) {
  return call('typingLine', String(text));
}

// MARK: The local copy

/**
 * What the phone knows about names it has seen (from lists and suggestion chips): emoji and
 * unit pills, so an item added offline looks right when the name is a known one.
 */
export class Lexicon {
  constructor(entries = []) {
    this.map = new Map(entries);
  }

  learnItems(items) {
    for (const item of items) {
      this.map.set(this.keyOf(item.name), { emoji: item.emoji, units: item.units, defaultUnit: item.defaultUnit });
    }
  }

  learnChips(chips) {
    for (const chip of chips) {
      const key = this.keyOf(chip.name);
      this.map.set(key, { ...this.map.get(key), emoji: chip.emoji });
    }
  }

  /** A name's key (nameKey), kept once worked out: the list's names are keyed at every add. */
  keyOf(name) {
    if (!this.keys) this.keys = new Map();
    let key = this.keys.get(name);
    if (key === undefined) {
      if (this.keys.size >= 20000) this.keys.clear();
      key = nameKey(name);
      this.keys.set(name, key);
    }
    return key;
  }

  entries(limit = 3000) {
    return [...this.map].slice(-limit);
  }
}

const time = (iso) => (iso ? Date.parse(iso) : 0);
// NB: the order the API promises for the sections (docs/api.md, GET /list): To get newest listed
// first, Got it most recently checked first, ties by id. The copy is patched here, item by item,
// so it keeps the server's order; a call into the rules with every item would cost milliseconds
// at 5,000 items on every change.
const byPlace = (a, b) => time(b.listedAt) - time(a.listedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byChecked = (a, b) => time(b.checkedAt) - time(a.checkedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Applies one operation (ListOperation JSON) to a list ({toGet, gotIt, …}) as the server would,
 * for display: the core's own rule (PhoneList, through rules.js) works out what the change
 * does; here the items it names are found and put back in their places. `context` holds
 * `lexicon` (emoji and units for new names), `aliases` (phone id → the item an add was merged
 * into) and `clears` (clear op id → the items it hid, for an undo). Returns {list, effect}:
 * effect.outcome for an add ('added', 'bumped', 'restored', 'replayed'), effect.item (the
 * item it landed on), effect.allDone for a check, effect.missing when the item is not on the
 * local copy, effect.refused with the reason.
 */
export function applyOp(list, op, context = {}) {
  const lexicon = context.lexicon || new Lexicon();
  const aliases = context.aliases || new Map();
  const clears = context.clears || new Map();
  const toGet = [...list.toGet];
  let gotIt = [...list.gotIt];
  const done = (effect = {}) => ({ list: { ...list, toGet: toGet.sort(byPlace), gotIt: gotIt.sort(byChecked) }, effect });
  const where = (itemId) => {
    const index = toGet.findIndex((item) => item.id === itemId);
    if (index >= 0) return { section: toGet, index, item: toGet[index] };
    const checked = gotIt.findIndex((item) => item.id === itemId);
    return checked >= 0 ? { section: gotIt, index: checked, item: gotIt[checked] } : null;
  };

  // The phone's own bookkeeping: what a Clear all hid, until the server answers.
  if (op.type === 'clear') {
    const ids = new Set((op.items || []).map((itemId) => aliases.get(itemId) || itemId));
    const hidden = gotIt.filter((item) => ids.has(item.id));
    gotIt = gotIt.filter((item) => !ids.has(item.id));
    if (!clears.has(op.op)) clears.set(op.op, hidden);
    return done({ cleared: hidden.map((item) => item.id) });
  }
  if (op.type === 'undo') {
    const shown = new Set([...toGet, ...gotIt].map((item) => item.id));
    const back = (clears.get(op.clear) || []).filter((item) => !shown.has(item.id));
    gotIt.push(...back);
    return done({ restored: back.map((item) => item.id) });
  }

  const found = op.type === 'add' ? null : op.item && where(aliases.get(op.item) || op.item);
  const given = {
    item: found ? found.item : null, checked: found ? found.section === gotIt : false,
    toGet: toGet.length, at: time(op.at),
  };
  if (op.type === 'add' || op.type === 'rename') {
    const naming = call('list.naming', op);
    if (naming.key !== undefined) {
      given.look = lexicon.map.get(naming.key) || null;
      if (op.type === 'add') {
        // NB: by the op's own item only: an add that found its name on the list (an alias) is
        // applied again each time the phone's copy is worked out, as the server will apply it.
        given.replayed = where(op.item) !== null;
        const same = toGet.find((item) => lexicon.keyOf(item.name) === naming.key)
          || gotIt.find((item) => lexicon.keyOf(item.name) === naming.key);
        if (same) {
          given.same = same;
          given.sameChecked = gotIt.includes(same);
        }
      }
    }
  }
  const changed = given.same || given.item;
  const top = toGet.find((item) => !changed || item.id !== changed.id);
  given.top = top ? time(top.listedAt) : null;

  const { effect, item, checked, removed, listedAt } = call('list.change', op, given);
  if (effect.refused) effect.refused = sentence(effect.refused);
  if (item && listedAt !== null) item.listedAt = new Date(listedAt).toISOString();
  const target = given.same || given.item;
  if ((item || removed) && target) {
    const at = where(target.id);
    at.section.splice(at.index, 1);
  }
  if (item) (checked ? gotIt : toGet).push(item);
  if (given.same && !given.replayed && !effect.refused) aliases.set(op.item, given.same.id);
  return done(effect);
}

/**
 * The list the page shows: the server's last list with every change still waiting applied on
 * top, and Got it items past their hour gone. `now` is in ms (server time).
 */
export function localList(server, ops, context, now) {
  let list = { ...server, toGet: [...server.toGet], gotIt: [...server.gotIt] };
  for (const op of ops) list = applyOp(list, op, context).list;
  const cutoff = now - listTiming().gotIt;
  return { ...list, gotIt: list.gotIt.filter((item) => time(item.checkedAt) > cutoff) };
}

/**
 * The server's list caught up by a change notice ({from, revision, items, removed}, as a live
 * `change` event or GET /api/v3/changes carries it) without reading the whole list again; null
 * when the notice can't be applied to this list (it starts after the list's revision, or
 * carries no changes) and the list must be read again. Each item in a notice is its whole
 * latest state, so a notice that starts before the list's revision applies as well.
 */
export function applyChanges(list, notice) {
  if (!list || !notice || !Array.isArray(notice.items) || !Array.isArray(notice.removed)) return null;
  if (typeof notice.from !== 'number' || notice.from > list.revision) return null;
  if (notice.revision <= list.revision) return list;
  const gone = new Set([...notice.removed, ...notice.items.map((item) => item.id)]);
  const toGet = list.toGet.filter((item) => !gone.has(item.id));
  const gotIt = list.gotIt.filter((item) => !gone.has(item.id));
  for (const item of notice.items) {
    if (item.clearedAt) continue; // hidden by a Clear all until it is undone or committed
    (item.checkedAt ? gotIt : toGet).push(item);
  }
  return { ...list, toGet: toGet.sort(byPlace), gotIt: gotIt.sort(byChecked), revision: notice.revision };
}

/**
 * What a page does when its live stream (re)connects and the server says it is at `revision`
 * (null: not said): 'current' when the page's list is that revision already; 'changes' to
 * ask only what changed since the list's revision (GET /api/v3/changes?since=); 'list' to read
 * the whole list, when the page has none or the server is behind it (another store).
 */
export function catchUpPlan(list, revision) {
  if (!list || typeof list.revision !== 'number') return 'list';
  if (typeof revision !== 'number') return 'changes';
  if (revision === list.revision) return 'current';
  return revision < list.revision ? 'list' : 'changes';
}

// MARK: Suggestions offline

/**
 * Chips for `query` from what the phone last saw (OfflineSuggestions.chips): history first, as
 * the server ranks them, never a name already on To get; for an empty query the usuals the
 * server last gave, then the phone's history.
 */
export function offlineSuggestions(query, { words = [], usuals = [], toGet = [] }, limit = 8) {
  const history = words.filter((chip) => chip.source === 'history');
  const dictionary = words.filter((chip) => chip.source !== 'history');
  const chips = [...usuals, ...history, ...dictionary];
  const names = (list) => list.map((entry) => String(entry.name));
  return call('suggestions.offline', String(query), names(usuals), names(history), names(dictionary), names(toGet), limit)
    .map((position) => chips[position]);
}

// MARK: The queue

/**
 * The ordered queue of changes waiting for the server. Each entry is {seq, op, sent}: `seq`
 * orders it (the store's key), `sent` marks it as in a request that hasn't answered.
 */
export class Outbox {
  constructor(entries = []) {
    this.entries = [...entries].sort((a, b) => a.seq - b.seq).map((entry) => ({ ...entry, sent: false }));
    this.next = this.entries.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
  }

  get size() {
    return this.entries.length;
  }

  get ops() {
    return this.entries.map((entry) => entry.op);
  }

  /**
   * Queues a change. `now` (ms, fractions welcome) numbers it by time, so two tabs sharing the
   * phone's store number theirs apart and in the order they were made.
   */
  add(op, now = 0, list = null) {
    const entry = { seq: Math.max(this.next, Math.floor(now * 1000)), op, list: list || null, sent: false };
    this.next = entry.seq + 1;
    this.entries.push(entry);
    return entry;
  }

  /**
   * Takes in changes another tab queued in the same store ({seq, op} records): those not known
   * here join in their places. Returns how many joined.
   */
  merge(records) {
    const known = new Set(this.entries.map((entry) => entry.op.op));
    const joining = records.filter((record) => !known.has(record.op.op));
    if (!joining.length) return 0;
    this.entries.push(...joining.map((record) => ({ seq: record.seq, op: record.op, list: record.list || null, sent: false })));
    this.entries.sort((a, b) => a.seq - b.seq);
    this.next = Math.max(this.next, ...joining.map((record) => record.seq + 1));
    return joining.length;
  }

  /** Whether the change with op id `opId` waits and has not been sent: it can be withdrawn. */
  canWithdraw(opId) {
    return this.entries.some((entry) => entry.op.op === opId && !entry.sent);
  }

  /** Whether the change with op id `opId` is in a request that hasn't answered yet. */
  isSent(opId) {
    return this.entries.some((entry) => entry.op.op === opId && entry.sent);
  }

  /** Takes back an unsent change; returns its entry, or null when it was sent already. */
  withdraw(opId) {
    const index = this.entries.findIndex((entry) => entry.op.op === opId && !entry.sent);
    if (index < 0) return null;
    return this.entries.splice(index, 1)[0];
  }

  /** The changes waiting for list `list` (null: the household's first, or made before lists). */
  opsFor(list) {
    return this.entries.filter((entry) => (entry.list || null) === (list || null)).map((entry) => entry.op);
  }

  /**
   * The next batch to send, oldest first (marked sent), all made on one list (the oldest
   * change's), or [] when one is out already.
   */
  batch(limit = BATCH_LIMIT) {
    if (this.entries.some((entry) => entry.sent)) return [];
    const list = this.entries.length ? this.entries[0].list || null : null;
    const run = this.entries.findIndex((entry) => (entry.list || null) !== list);
    const batch = this.entries.slice(0, Math.min(limit, run < 0 ? this.entries.length : run));
    for (const entry of batch) entry.sent = true;
    return batch;
  }

  /** A request failed before the server answered: its changes wait again, in order. */
  unsent() {
    for (const entry of this.entries) entry.sent = false;
  }

  /**
   * The server answered `results` ({op, status, reason?, item?}) for the sent batch: every sent
   * change leaves the queue. Returns {done, refused: [{op, reason}], aliases: [[from, to]]}.
   * A sent change the answer doesn't mention waits again (never dropped silently).
   */
  settle(results) {
    const byOp = new Map(results.map((result) => [result.op, result]));
    const done = [];
    const refused = [];
    const aliases = [];
    this.entries = this.entries.filter((entry) => {
      if (!entry.sent) return true;
      const result = byOp.get(entry.op.op);
      if (!result) {
        entry.sent = false;
        return true;
      }
      done.push(entry);
      if (result.status === 'refused') refused.push({ op: entry.op, reason: result.reason || 'The server refused it.' });
      if (result.item && entry.op.item && result.item !== entry.op.item) aliases.push([entry.op.item, result.item]);
      return false;
    });
    if (aliases.length) {
      const map = new Map(aliases);
      for (const entry of this.entries) {
        if (entry.op.item && map.has(entry.op.item) && entry.op.type !== 'add') entry.op = { ...entry.op, item: map.get(entry.op.item) };
        if (entry.op.items) entry.op = { ...entry.op, items: entry.op.items.map((item) => map.get(item) || item) };
      }
    }
    return { done, refused, aliases };
  }
}

/** Milliseconds to wait before retry number `attempt` (0, 1, 2…): 1 s doubling to 30 s. */
export function backoff(attempt) {
  return Math.min(1000 * 2 ** Math.max(0, attempt), 30000);
}

/**
 * The status line: 'Live', 'Syncing…', 'Offline · 3 changes waiting', 'Reconnecting…', or
 * the latest refusal. `state` is {reachable, live, syncing, waiting, refusal}; `syncing`
 * (changes on their way, the answer slow to come) wins over the last word on `reachable`.
 */
export function statusText({ reachable, live, syncing, waiting, refusal }) {
  if (refusal) return `Not saved: ${refusal}`;
  if (syncing) return 'Syncing…';
  const changes = `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`;
  if (!reachable) return waiting ? `Offline · ${changes}` : 'Offline';
  if (waiting) return `Syncing… · ${changes}`;
  return live ? 'Live' : 'Reconnecting…';
}

/** The status line's state word (data-state on #connection, for its colour). */
export function statusState({ reachable, live, syncing, waiting, refusal }) {
  if (refusal) return 'refused';
  if (syncing) return 'syncing';
  if (!reachable) return 'offline';
  if (waiting) return 'syncing';
  return live ? 'live' : 'reconnecting';
}

/** A change as ListOperation's JSON: {op, at, type, …fields}. */
export function makeOp(type, fields, { id, at }) {
  return { op: id, at, type, ...fields };
}
