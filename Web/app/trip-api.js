// The Shopping Trip routes of the server (WebApp+Trip.swift): the trip, start, step, replace,
// end, and the products to choose from. Every rule stays on the server.

import { call } from './api.js';

export const tripApi = {
  /** {trip | null, shops, currentShop, retailers} */
  show: () => call('GET', '/api/v3/trip'),
  start: (choice) => call('POST', '/api/v3/trip/start', choice),
  /** A step for the item being settled or shown (`at`): a retry after it went through is refused. */
  step: (step, at) => call('POST', '/api/v3/trip/step', at ? { step, at } : { step }),
  replace: (product, at) => call('POST', '/api/v3/trip/replace', { product, at }),
  make: (name, size, at) => call('POST', '/api/v3/trip/replace', { make: { name, size: size || null }, at }),
  end: () => call('POST', '/api/v3/trip/end', {}),
  products: () => call('GET', '/api/v3/products'),
  /** {name, size?, shop?, price?, organic?, storeBrand?, diets?} → {product} */
  addProduct: (fields) => call('POST', '/api/v3/products', fields),
  editProduct: (id, fields) => call('PATCH', `/api/v3/products/${encodeURIComponent(id)}`, fields),
  removeProduct: (id) => call('DELETE', `/api/v3/products/${encodeURIComponent(id)}`),
};

/** A web address the page may link to: http or https only (the server checks them too). */
export function safeLink(address) {
  return typeof address === 'string' && /^https?:\/\//i.test(address) ? address : null;
}
