// The pantry and check-in routes of the server (WebApp+Pantry.swift). Amounts go as text the
// server reads ("500 g", "1,5 l", "6").

import { call } from './api.js';

const entry = (id) => `/api/v3/pantry/${encodeURIComponent(id)}`;
const offer = (id) => `/api/v3/checkin/${encodeURIComponent(id)}`;

export const pantryApi = {
  list: () => call('GET', '/api/v3/pantry'),
  search: (q) => call('GET', `/api/v3/pantry?q=${encodeURIComponent(q)}`),
  /** {name?, barcode?, packages?, packageSize?, left?, note?} → {outcome, entry, before} */
  add: (fields) => call('POST', '/api/v3/pantry', fields),
  edit: (id, fields) => call('PATCH', entry(id), fields),
  use: (id, amount) => call('POST', `${entry(id)}/use`, amount ? { amount } : { all: true }),
  remove: (id) => call('DELETE', entry(id)),
  lookUp: (code) => call('GET', `/api/v3/pantry/barcodes/${encodeURIComponent(code)}`),
  scan: (photo, name) => call('POST', '/api/v3/pantry/scan', { photo, name }),
};

/** The always-have list (WebApp+Staples.swift): every answer is {staples: [name], suggested}. */
export const staplesApi = {
  list: () => call('GET', '/api/v3/staples'),
  add: (name) => call('POST', '/api/v3/staples', { name }),
  remove: (name) => call('POST', '/api/v3/staples/remove', { name }),
};

export const checkinApi = {
  /** The offers still waiting, nothing offered anew. */
  waiting: () => call('GET', '/api/v3/checkin'),
  /** Offers what was checked off, and answers every offer still waiting. */
  offer: () => call('POST', '/api/v3/checkin'),
  accept: (id, amount) => call('POST', `${offer(id)}/accept`, amount ? { amount } : {}),
  skip: (id) => call('POST', `${offer(id)}/skip`),
};
