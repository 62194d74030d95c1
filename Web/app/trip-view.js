// Draws the trip screen (#/trip): start, the exceptions to settle, one item at a time with
// its product page or a search (labelled as one), paused, and the end with its check-in
// offers. Made for one hand: the big buttons sit at the bottom, in thumb reach. All text goes
// in as text nodes (template.js).

import { columns, h, replaceChildren } from './template.js';
import { safeLink } from './trip-api.js';

const $ = (id) => document.getElementById(id);

const DIETS = ['vegetarian', 'vegan', 'gluten-free', 'lactose-free'];

export class TripView {
  constructor() {
    this.area = $('trip-area');
    /** The product whose edit form is open (its id), or null. */
    this.editingProduct = null;
    /** What was last sent from a product form ({id | null, fields}), kept until it is taken. */
    this.productDraft = null;
  }

  show(visible) {
    this.area.hidden = !visible;
  }

  draw(...children) {
    replaceChildren(this.area, ...children);
  }

  heading(text) {
    return h('div', { class: 'trip-head' },
      h('h2', { id: 'trip-title', class: 'section-title', tabindex: '-1' }, text));
  }

  status(message, isError) {
    return h('p', { id: 'trip-status', class: isError ? 'trip-status error' : 'trip-status', role: isError ? 'alert' : 'status' }, message || '');
  }

  /**
   * No trip: where, and what the household prefers (offered only once there are products for
   * the preferences to choose among), and the household's products to make, edit or remove.
   */
  start({ shops, currentShop, retailers }, products, message, isError, actions) {
    const places = [
      ...shops.map((name) => ({ value: `shop:${name}`, label: `${name} (walking order)`, checked: name === currentShop })),
      ...retailers.map((name) => ({ value: `retailer:${name}`, label: `${name} (online, list order)`, checked: false })),
    ];
    // NB: a trip starts in one of the household's own shops; an online retailer only when
    // chosen (with no shop of its own, the household picks one).
    if (!places.some((place) => place.checked) && shops.length) places[0].checked = true;
    const form = h('form', { class: 'card trip-start', id: 'trip-start' },
      h('fieldset', {},
        h('legend', {}, 'Where are you shopping?'),
        places.map((place, index) => h('label', { class: 'trip-choice' },
          h('input', { type: 'radio', name: 'place', value: place.value, checked: place.checked, required: true, id: `trip-place-${index}` }),
          ' ', place.label))),
      products.length ? [
        h('fieldset', {},
          h('legend', {}, 'Only products that are'),
          h('label', { class: 'trip-choice' }, h('input', { type: 'checkbox', name: 'organic' }), ' organic'),
          DIETS.map((diet) => h('label', { class: 'trip-choice' }, h('input', { type: 'checkbox', name: 'diet', value: diet }), ` ${diet}`))),
        h('fieldset', {},
          h('legend', {}, 'Put first'),
          h('label', { class: 'trip-choice' }, h('input', { type: 'checkbox', name: 'storeBrand' }), ' the shop\'s own brand'),
          h('label', { class: 'trip-choice' }, h('input', { type: 'checkbox', name: 'cheapest' }), ' the cheapest per unit')),
      ] : null,
      h('button', { type: 'submit', class: 'button trip-big' }, 'Start the trip'),
      h('p', { class: 'trip-shops-link' }, h('a', { href: '#/shops' }, 'Your shops'), ': add, rename, and see what each has learnt'));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const [kind, ...rest] = String(data.get('place') || '').split(':');
      const choice = { organic: data.has('organic'), cheapest: data.has('cheapest'), storeBrand: data.has('storeBrand'), diets: data.getAll('diet') };
      if (kind === 'shop') choice.shop = rest.join(':');
      if (kind === 'retailer') choice.retailer = rest.join(':');
      actions.start(choice);
    });
    this.draw(this.heading('Shopping Trip'), this.status(message, isError),
      columns(places.length ? form : h('p', { class: 'card' }, h('a', { href: '#/shops' }, 'Add a shop'), ' first, or shop at a retailer.'),
        this.productsCard(products, [...shops, ...retailers], actions)));
  }

  /** The household's products: each with Edit and Remove, and a form to make one. */
  productsCard(products, places, actions) {
    const fields = (form) => {
      const data = new FormData(form);
      const text = (key) => String(data.get(key) || '').trim();
      return {
        name: text('name'), size: text('size') || null, price: text('price') || null,
        shop: text('shop') || null, organic: data.has('organic'), storeBrand: data.has('storeBrand'),
      };
    };
    const form = (product, id) => {
      // NB: a refused form comes back as it was typed (productDraft), so nothing is lost.
      const draft = this.productDraft && this.productDraft.id === (product ? product.id : null) ? this.productDraft.fields : null;
      const shown = draft || (product
        ? { name: product.name, size: product.packSize, price: product.price, shop: product.shop, organic: product.organic, storeBrand: product.storeBrand }
        : {});
      const value = (key) => shown[key] || '';
      const made = h('form', { class: 'product-form', id },
        h('label', {}, 'Name', h('input', { type: 'text', name: 'name', required: true, maxlength: '120', value: value('name') })),
        h('label', {}, 'Pack size', h('input', { type: 'text', name: 'size', maxlength: '40', placeholder: '500 g, 1 l, 6', value: value('size') })),
        h('label', {}, 'Price', h('input', { type: 'text', name: 'price', inputmode: 'decimal', maxlength: '12', placeholder: '1.95', value: value('price') })),
        places.length ? h('label', {}, 'Bought at',
          h('select', { name: 'shop' },
            h('option', { value: '' }, 'anywhere'),
            places.map((place) => h('option', { value: place, selected: shown.shop === place }, place)))) : null,
        h('label', { class: 'trip-choice' }, h('input', { type: 'checkbox', name: 'organic', checked: !!shown.organic }), ' organic'),
        h('label', { class: 'trip-choice' }, h('input', { type: 'checkbox', name: 'storeBrand', checked: !!shown.storeBrand }), ' the shop\'s own brand'),
        h('div', { class: 'product-actions' },
          product ? h('button', {
            type: 'button', class: 'button small quiet',
            onclick: () => { this.editingProduct = null; this.productDraft = null; this.redrawProducts(products, places, actions); },
          }, 'Cancel') : null,
          h('button', { type: 'submit', class: 'button small' }, product ? 'Save' : 'Add product')));
      made.addEventListener('submit', (event) => {
        event.preventDefault();
        this.productDraft = { id: product ? product.id : null, fields: fields(made) };
        if (product) actions.editProduct(product, this.productDraft.fields);
        else actions.addProduct(this.productDraft.fields);
      });
      return made;
    };
    const row = (product) => this.editingProduct === product.id
      ? h('li', { class: 'product editing', dataset: { id: product.id } }, form(product, 'product-edit'))
      : h('li', { class: 'product', dataset: { id: product.id } },
        h('span', { class: 'product-name' }, h('strong', {}, product.name), productFacts(product),
          product.shop ? h('span', { class: 'product-facts' }, ` · at ${product.shop}`) : null),
        h('span', { class: 'product-buttons' },
          h('button', {
            type: 'button', class: 'button small quiet', 'aria-label': `Edit ${product.name}`,
            onclick: () => { this.editingProduct = product.id; this.redrawProducts(products, places, actions); },
          }, 'Edit'),
          h('button', {
            type: 'button', class: 'button small quiet', 'aria-label': `Remove ${product.name}`,
            onclick: () => actions.removeProduct(product),
          }, 'Remove')));
    return h('section', { class: 'card products', id: 'products', 'aria-labelledby': 'products-title' },
      h('h3', { id: 'products-title', tabindex: '-1' }, products.length ? `Your products (${products.length})` : 'Your products'),
      products.length
        ? h('ul', { class: 'product-list' }, products.map(row))
        : h('p', { class: 'hint' }, 'Products you buy by name (a brand, a size, a price) make a trip pick the right one. None yet.'),
      h('details', { class: 'product-add', open: !products.length || (this.productDraft && this.productDraft.id === null) },
        h('summary', {}, 'Add a product'),
        form(null, 'product-add')));
  }

  redrawProducts(products, places, actions) {
    const card = $('products');
    if (card) card.replaceWith(this.productsCard(products, places, actions));
  }

  /** A form that makes a product (bought where the trip is) and uses it for `stop`. */
  makeForm(stop, actions) {
    const make = h('form', { class: 'trip-make', id: 'trip-make' },
      h('label', { for: 'make-name' }, 'Make a product'),
      h('input', { type: 'text', id: 'make-name', maxlength: '120', value: stop.name }),
      h('label', { for: 'make-size', class: 'visually-hidden' }, 'Pack size'),
      h('input', { type: 'text', id: 'make-size', maxlength: '40', placeholder: 'pack: 500 g, 1 l, 6' }),
      h('button', { type: 'submit', class: 'button small' }, 'Make and use'));
    make.addEventListener('submit', (event) => {
      event.preventDefault();
      actions.make($('make-name').value, $('make-size').value);
    });
    return make;
  }

  /** An exception to settle: accept, choose another product, make one, or skip. */
  review(trip, message, isError, actions) {
    const stop = trip.exception;
    const suggestion = stop.product;
    const others = stop.candidates.filter((product) => !suggestion || product.id !== suggestion.id);
    const make = this.makeForm(stop, actions);
    // NB: a search for want of a product is settled the same way for every item that has one.
    const searches = !suggestion && trip.kind === 'retailer' && trip.searches > 1
      ? h('button', { type: 'button', class: 'button quiet', id: 'trip-accept-searches', onclick: actions.acceptSearches },
          `Accept all searches (${trip.searches})`)
      : null;
    this.draw(
      this.heading(`Settle first · ${trip.pendingExceptions} to go`),
      this.status(message, isError),
      h('section', { class: 'card trip-card', 'aria-labelledby': 'stop-name' },
        h('p', { class: 'trip-where' }, `At ${trip.place}`),
        h('h3', { id: 'stop-name', class: 'stop-name' }, h('span', { 'aria-hidden': 'true' }, `${stop.emoji} `), stop.name),
        stop.amount ? h('p', { class: 'stop-amount' }, stop.amount) : null,
        h('p', { class: 'stop-reason' }, stop.reason),
        suggestion ? h('p', { class: 'stop-product' }, 'Suggested: ', h('strong', {}, suggestion.name), productFacts(suggestion)) : null,
        others.length ? h('div', { class: 'trip-others' },
          h('p', {}, 'Or choose:'),
          others.map((product) => h('button', { type: 'button', class: 'button small quiet', onclick: () => actions.replace(product.id) },
            product.name, productFacts(product)))) : null,
        make),
      h('div', { class: 'trip-actions' },
        h('button', { type: 'button', class: 'button quiet', onclick: actions.skip }, 'Skip this item'),
        h('button', { type: 'button', class: 'button trip-big', id: 'trip-accept', onclick: actions.accept },
          suggestion ? `Use ${suggestion.name}` : (trip.kind === 'retailer' ? 'Accept: search for it' : 'Accept: shop by name'))),
      searches,
      h('button', { type: 'button', class: 'button small quiet trip-pause', onclick: actions.pause }, 'Pause'));
  }

  /** One item at a time, the buttons at the bottom. */
  walk(trip, message, isError, actions) {
    const stop = trip.current;
    if (!stop) {
      this.draw(this.heading(`Trip at ${trip.place}`), this.status(message, isError),
        h('section', { class: 'card trip-card' }, h('p', { class: 'stop-name' }, 'That was everything on the trip.')),
        h('div', { class: 'trip-actions' }, h('button', { type: 'button', class: 'button trip-big', id: 'trip-end', onclick: actions.end }, 'End the trip')));
      return;
    }
    const link = stop.link && safeLink(stop.link.address);
    this.draw(
      this.heading(`${trip.place} · ${trip.position} of ${trip.total}`),
      this.status(message, isError),
      h('section', { class: 'card trip-card', 'aria-labelledby': 'stop-name' },
        h('h3', { id: 'stop-name', class: 'stop-name' }, h('span', { 'aria-hidden': 'true' }, `${stop.emoji} `), stop.name),
        stop.buy ? h('p', { class: 'stop-amount' }, stop.buy) : null,
        stop.facts ? h('p', { class: 'stop-facts' }, stop.facts) : null,
        stop.product ? h('p', { class: 'stop-product' }, h('strong', {}, stop.product.name), productFacts(stop.product)) : null,
        link ? h('a', {
          class: stop.link.kind === 'search' ? 'stop-link search' : 'stop-link', href: link, target: '_blank', rel: 'noopener noreferrer',
        }, stop.link.kind === 'search' ? stop.link.label : `Product page: ${stop.product ? stop.product.name : stop.name}`) : null,
        !stop.product && stop.candidates.length ? h('div', { class: 'trip-others' },
          h('p', {}, 'Could be:'),
          stop.candidates.map((product) => h('button', { type: 'button', class: 'button small quiet', onclick: () => actions.replace(product.id) },
            product.name, productFacts(product)))) : null,
        h('details', { class: 'trip-product-details' },
          h('summary', {}, stop.product ? 'Another product…' : 'Make a product for it…'),
          this.makeForm(stop, actions))),
      h('div', { class: 'trip-actions' },
        h('button', { type: 'button', class: 'button quiet', onclick: actions.skip }, 'Skip'),
        h('button', { type: 'button', class: 'button quiet', onclick: actions.next }, 'Next'),
        h('button', { type: 'button', class: 'button trip-big', id: 'trip-got', onclick: actions.got }, 'Got it')),
      h('div', { class: 'trip-more' },
        h('button', { type: 'button', class: 'button small quiet', onclick: actions.pause }, 'Pause'),
        h('button', { type: 'button', class: 'button small quiet', onclick: actions.end }, 'End the trip')));
  }

  paused(trip, message, isError, actions) {
    const at = trip.exception ? `settling ${trip.exception.name}` : (trip.current ? `${trip.position} of ${trip.total}: ${trip.current.name}` : 'the end');
    this.draw(this.heading(`Trip at ${trip.place}`), this.status(message, isError),
      h('section', { class: 'card trip-card' }, h('p', { class: 'stop-name', id: 'trip-paused' }, `Paused at ${at}.`),
        h('p', {}, 'Resume carries on exactly here.')),
      h('div', { class: 'trip-actions' },
        h('button', { type: 'button', class: 'button quiet', onclick: actions.end }, 'End the trip'),
        h('button', { type: 'button', class: 'button trip-big', id: 'trip-resume', onclick: actions.resume }, 'Resume')));
  }

  /**
   * The end: the summary and, offer by offer, the pantry check-in's own choices (Add, Skip);
   * `result.decided` holds the offers decided here.
   */
  ended(result, actions) {
    const open = result.offers.filter((offer) => !result.decided.includes(offer.id));
    this.draw(this.heading('Trip done'),
      h('section', { class: 'card trip-card' },
        h('p', { id: 'trip-summary', class: 'trip-summary' }, result.summaryText),
        open.length
          ? [h('h3', { class: 'section-title' }, 'Put away in the pantry?'),
            h('ul', { class: 'trip-offers', id: 'trip-offers' }, open.map((offer) => h('li', { class: 'trip-offer' },
              h('span', { class: 'trip-offer-name' }, offer.name, ` · ${offer.amountText}`),
              h('span', { class: 'pantry-actions' },
                h('button', {
                  type: 'button', class: 'button small', 'aria-label': `Add ${offer.name} to the pantry`,
                  dataset: { focusKey: `trip-accept:${offer.id}` }, onclick: () => actions.decide(offer, true),
                }, 'Add'),
                h('button', {
                  type: 'button', class: 'button small quiet', 'aria-label': `Skip ${offer.name}`,
                  dataset: { focusKey: `trip-skip:${offer.id}` }, onclick: () => actions.decide(offer, false),
                }, 'Skip')))))]
          : h('p', {}, result.offers.length ? 'All put away or skipped.' : 'Nothing to check in to the pantry.'),
        h('p', { id: 'trip-checkin-status', class: 'recipes-status', role: 'status' }, result.message || '')),
      h('div', { class: 'trip-actions' }, h('a', { class: 'button trip-big', id: 'trip-back', href: '#/' }, 'Back to the list')));
  }
}

/** " · 1 l · store brand · 0.99 noted 2026-07-06" */
function productFacts(product) {
  const parts = [];
  if (product.packSize) parts.push(product.packSize);
  if (product.storeBrand) parts.push('store brand');
  if (product.organic) parts.push('organic');
  if (product.price) parts.push(`${product.price} noted ${String(product.priceNotedAt || '').slice(0, 10)}`);
  return parts.length ? h('span', { class: 'product-facts' }, ` · ${parts.join(' · ')}`) : null;
}
