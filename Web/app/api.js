// The server: JSON API calls and the live change feed. Changes go as operations with ids made
// on the phone (POST /api/v3/ops), so a retry can never apply one twice. The API's v3 writes an
// item small, leaving out every member at its default and its times as milliseconds
// (docs/api.md); `expandItem` fills them in as the page keeps items, so the rest of the app
// sees one shape.

import { call as rule } from './rules.js';

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** How long a request may take before the server counts as unreachable, in ms. */
const TIMEOUT = 20000;

/**
 * After a 401 on one of the other screens: this browser is unpaired, so the screen makes way
 * (`hide`) and pairing shows, as the list's controller shows it on its next call.
 */
export function pairAgainIfUnpaired(error, hide) {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  hide();
  history.replaceState(null, '', '/');
  document.getElementById('pairing').hidden = false;
  document.getElementById('list-area').hidden = true;
  document.getElementById('add-bar').hidden = true;
}

/** The list the page shows: every list route is asked `?list=` it; null: the household's first. */
let shownList = null;

/** Points the list routes at list `id` (null: the household's first). */
export function showList(id) {
  shownList = id || null;
}

/**
 * `path` on list `list` (else the list shown): `?list=ID` added, unless the path names a list
 * already or its route is not one list's (the lists themselves, the session, pairing).
 */
export function onList(path, list = shownList) {
  if (!list || /[?&]list=/.test(path) || /^\/api\/v3\/(lists|session|pair|invitations)\b/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}list=${encodeURIComponent(list)}`;
}

/**
 * `keepalive`: the request outlives the page (a change saved as the page is closed or
 * reloaded).
 */
export async function call(method, path, body, { keepalive = false } = {}) {
  const controller = new AbortController();
  const options = {
    method, headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal,
  };
  if (keepalive) options.keepalive = true;
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  // A weak signal can leave a request hanging for minutes: give up and let the queue retry
  // (every change carries its id, so one that did arrive is never applied twice).
  const timer = setTimeout(() => controller.abort(), TIMEOUT);
  try {
    // NB: the queue says which list its changes belong to itself (`api.ops`).
    response = await fetch(path.startsWith('/api/v3/ops') ? path : onList(path), options);
  } catch {
    clearTimeout(timer);
    throw new ApiError(0, "Can't reach Basket. Check the connection.");
  }
  clearTimeout(timer);
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || `The server said ${response.status}.`);
  }
  return data;
}

/** The unit pills and the editor's first unit for each measure: the core's QuantityRules. */
const pills = new Map();
function unitsFor(measure) {
  const key = measure || null;
  if (!pills.has(key)) {
    pills.set(key, { units: rule('quantity.allowedUnits', key), defaultUnit: rule('quantity.defaultUnit', key) });
  }
  return pills.get(key);
}

/** A time as the page keeps it, ISO 8601 text: v3 writes milliseconds since 1970. */
const iso = (time) => (typeof time === 'number' ? new Date(time).toISOString() : time ?? null);

/**
 * An item as the server writes it, with the members v3 and v2 leave out at their defaults
 * filled in and its times as text: the shape the page keeps and draws (and v1 wrote). An item
 * that has them already is kept.
 */
export function expandItem(item) {
  if (!item || Array.isArray(item.units)) return item;
  const { measure, ...rest } = item;
  return {
    emoji: '🧺', quantity: null, chip: null,
    amountText: item.chip ?? null, quantityConverted: false, recipeAmounts: [], recipes: [],
    editAmount: null, buy: null, note: null, category: null,
    ...rest, addedAt: iso(item.addedAt), checkedAt: iso(item.checkedAt), clearedAt: iso(item.clearedAt),
    listedAt: iso(item.listedAt || item.addedAt), ...unitsFor(measure),
  };
}

/** A list or a change notice ({toGet, gotIt} or {items}) with its items filled in. */
export function expandItems(value) {
  if (!value || typeof value !== 'object') return value;
  const out = { ...value };
  for (const key of ['toGet', 'gotIt', 'items']) {
    if (Array.isArray(value[key])) out[key] = value[key].map(expandItem);
  }
  return out;
}

/**
 * GET /api/v3/list, conditional: {list, etag, now}, or list null when `etag` (the phone's copy)
 * is still the server's (304, no body sent). `now` is the server's clock in ms (Basket-Now).
 */
async function getList(etag) {
  const controller = new AbortController();
  const headers = { Accept: 'application/json' };
  if (etag) headers['If-None-Match'] = etag;
  const timer = setTimeout(() => controller.abort(), TIMEOUT);
  let response;
  try {
    response = await fetch(onList('/api/v3/list'), {
      headers, credentials: 'same-origin', cache: 'no-store', signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    throw new ApiError(0, "Can't reach Basket. Check the connection.");
  }
  const now = Date.parse(response.headers.get('Basket-Now') || '');
  if (response.status === 304) {
    clearTimeout(timer);
    return { list: null, etag, now };
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || !data) {
    throw new ApiError(response.status, (data && data.error) || `The server said ${response.status}.`);
  }
  return { list: expandItems(data), etag: response.headers.get('ETag'), now };
}

export const api = {
  session: () => call('GET', '/api/v3/session'),
  pair: (secret) => call('POST', '/api/v3/pair', { secret }),
  list: getList,
  rules: () => call('GET', '/api/v3/quantity-rules'),
  suggestions: (q) => call('GET', `/api/v3/suggestions?q=${encodeURIComponent(q)}`),
  usuals: () => call('GET', '/api/v3/usuals'),
  /** What changed after `revision`: {from, revision, items, removed}; 410 when too much has. */
  changes: async (revision) => expandItems(await call('GET', `/api/v3/changes?since=${encodeURIComponent(revision)}`)),
  /**
   * Sends queued changes in order, to the list they were made on (null: the household's
   * first): {results: [{op, status, reason?, item?}], revision}.
   */
  ops: (ops, list = null) => call('POST', list ? `/api/v3/ops?list=${encodeURIComponent(list)}` : '/api/v3/ops', { ops }),
  /** The household's lists: {lists: [{id, name, position, toGet, gotIt}], removed: [...]}. */
  lists: () => call('GET', '/api/v3/lists'),
  addList: (name) => call('POST', '/api/v3/lists', { name }),
  changeList: (id, fields) => call('PATCH', `/api/v3/lists/${encodeURIComponent(id)}`, fields),
  removeList: (id) => call('DELETE', `/api/v3/lists/${encodeURIComponent(id)}`),
  restoreList: (id) => call('POST', `/api/v3/lists/${encodeURIComponent(id)}/restore`, {}),
};

/** How many heartbeats a stream may miss before it counts as dead (see watchChanges). */
export const SILENT_BEATS = 2.5;

function parse(data) {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/**
 * Listens for change notices (Server-Sent Events). On every (re)connection `hello` hears the
 * server's revision then; `change` hears each notice's data ({revision, from?, items?,
 * removed?}, or null when unreadable); `state` hears 'live' or 'reconnecting'.
 * The server sends a `ping` every `heartbeat` ms (its hello says how often). A stream that has
 * been silent for SILENT_BEATS of those is dead even if no error said so (a connection lost
 * without a word, a server frozen): it counts as down and a new one is opened. Reconnects by
 * itself. Returns {close, wake}: `close` ends the stream until `wake`, which reconnects at
 * once when the stream is down (the server was found again), rather than after the wait.
 */
export function watchChanges({ hello, change, state }) {
  let source = null;
  let retry = null;
  let silence = null;
  let delay = 1000;
  let heartbeat = 15000; // until a hello says otherwise
  const again = () => {
    clearTimeout(retry);
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 15000);
  };
  // Heard from the server: the stream is alive for another SILENT_BEATS heartbeats.
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => {
      source.close();
      state('reconnecting');
      again();
    }, heartbeat * SILENT_BEATS);
  };
  function connect() {
    if (source) source.close();
    source = new EventSource(onList('/api/v3/events'));
    heard(); // a connection that never opens is silent too
    source.addEventListener('hello', (event) => {
      delay = 1000;
      const data = parse(event.data) || {};
      if (data.heartbeat > 0) heartbeat = data.heartbeat;
      heard();
      state('live');
      hello(typeof data.revision === 'number' ? data.revision : null);
    });
    source.addEventListener('ping', heard);
    source.addEventListener('change', (event) => {
      heard();
      change(expandItems(parse(event.data)));
    });
    source.onerror = () => {
      state('reconnecting');
      if (source.readyState === EventSource.CLOSED) again();
    };
  }
  connect();
  return {
    close: () => {
      clearTimeout(retry);
      clearTimeout(silence);
      if (source) source.close();
    },
    wake: () => {
      if (source && source.readyState === EventSource.OPEN) return;
      clearTimeout(retry);
      delay = 1000;
      connect();
    },
    /** Opens the stream again now: the page shows another list. */
    restart: () => {
      clearTimeout(retry);
      delay = 1000;
      connect();
    },
  };
}
