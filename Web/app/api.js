// The server: JSON API calls and the live change feed. Changes go as operations with ids made
// on the phone (POST /api/v1/ops), so a retry can never apply one twice.

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

export async function call(method, path, body) {
  const controller = new AbortController();
  const options = {
    method, headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal,
  };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  // A weak signal can leave a request hanging for minutes: give up and let the queue retry
  // (every change carries its id, so one that did arrive is never applied twice).
  const timer = setTimeout(() => controller.abort(), TIMEOUT);
  try {
    response = await fetch(path, options);
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

export const api = {
  session: () => call('GET', '/api/v1/session'),
  pair: (secret) => call('POST', '/api/v1/pair', { secret }),
  list: () => call('GET', '/api/v1/list'),
  rules: () => call('GET', '/api/v1/quantity-rules'),
  suggestions: (q) => call('GET', `/api/v1/suggestions?q=${encodeURIComponent(q)}`),
  usuals: () => call('GET', '/api/v1/usuals'),
  /** What changed after `revision`: {from, revision, items, removed}; 410 when too much has. */
  changes: (revision) => call('GET', `/api/v1/changes?since=${encodeURIComponent(revision)}`),
  /** Sends queued changes in order: {results: [{op, status, reason?, item?}], revision}. */
  ops: (ops) => call('POST', '/api/v1/ops', { ops }),
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
    source = new EventSource('/api/v1/events');
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
      change(parse(event.data));
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
  };
}
