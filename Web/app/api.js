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
  /** Sends queued changes in order: {results: [{op, status, reason?, item?}], revision}. */
  ops: (ops) => call('POST', '/api/v1/ops', { ops }),
};

/**
 * Listens for change notices (Server-Sent Events) and calls `onChange` with each notice's
 * data ({revision, from?, items?, removed?}), and with null once on every (re)connection.
 * Reconnects by itself; `onState` hears 'live' or 'reconnecting'.
 * Returns {close, wake}: `wake` reconnects at once when the stream is down (the server was
 * found again), rather than after the browser's own wait.
 */
export function watchChanges(onChange, onState) {
  let source = null;
  let retry = null;
  let delay = 1000;
  const connect = () => {
    source = new EventSource('/api/v1/events');
    source.addEventListener('hello', () => {
      delay = 1000;
      onState('live');
      onChange(null);
    });
    source.addEventListener('change', (event) => {
      let notice = null;
      try {
        notice = JSON.parse(event.data);
      } catch {
        notice = null;
      }
      onChange(notice);
    });
    source.onerror = () => {
      onState('reconnecting');
      if (source.readyState === EventSource.CLOSED) {
        clearTimeout(retry);
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 15000);
      }
    };
  };
  connect();
  return {
    close: () => {
      clearTimeout(retry);
      if (source) source.close();
    },
    wake: () => {
      if (source && source.readyState === EventSource.OPEN) return;
      clearTimeout(retry);
      if (source) source.close();
      delay = 1000;
      connect();
    },
  };
}
