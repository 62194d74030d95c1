// Draws the Pantry screen: barcode look-up (typed, camera, photo), the add form, and the
// entries with search, inline edit, use and remove. All text goes in as text nodes
// (template.js), never as markup.

import { ScreenView, columns, fileButton, h, screenHead, searchForm } from './template.js';
import { scanOffer } from './pantry-model.js';

/** An input with its label, for the add and edit forms. */
function field(id, label, attributes) {
  return h('div', { class: 'pantry-field' },
    h('label', { for: id }, label),
    h('input', { id, type: 'text', autocomplete: 'off', ...attributes }));
}

export class PantryView extends ScreenView {
  constructor() {
    super('pantry-area');
  }

  screen(state, ui) {
    const shown = state.query ? state.found : state.entries;
    this.draw(
      ...screenHead('pantry', 'Pantry', state.message, state.isError),
      // NB: what is at home first (on a phone, above the cards that add to it).
      columns(
        h('section', { class: 'section', 'aria-labelledby': 'pantry-list-title' },
          h('h3', { id: 'pantry-list-title', class: 'section-title' }, 'At home ',
            h('span', { class: 'count' }, state.entries.length ? String(state.entries.length) : '')),
          searchForm('pantry-search', 'Search the pantry by name, note or code', 'Search by name, note or code',
            state.query, ui.onSearch),
          shown.length
            ? h('ul', { class: 'pantry-list', 'aria-labelledby': 'pantry-list-title' }, shown.map((entry) => this.entry(state, entry, ui)))
            : h('p', { id: 'pantry-none', class: 'recipes-none' }, !state.loaded
              ? 'What is at home shows here once Basket can be reached.'
              : state.query
                ? `Nothing in the pantry matches “${state.query}”.`
                : 'The pantry is empty: add what you have at home with “Add to the pantry”.')),
        [this.barcodeCard(state, ui), this.addCard(state, ui), this.staplesCard(state, ui)], 'list-columns'));
    if (state.camera && ui.video) {
      this.area.querySelector('.camera')?.prepend(ui.video);
      ui.video.play().catch(() => {});
    }
  }

  barcodeCard(state, ui) {
    const offer = state.scan ? scanOffer(state.scan) : null;
    return h('section', { class: 'card pantry-card', 'aria-labelledby': 'barcode-title' },
      h('h3', { id: 'barcode-title', class: 'section-title small' }, 'Scan or type a barcode'),
      h('form', { id: 'barcode-form', class: 'import-row', onsubmit: (event) => { event.preventDefault(); ui.onLookUp(event.target.elements.code.value); } },
        h('label', { for: 'barcode-input', class: 'visually-hidden' }, 'Barcode digits'),
        h('input', {
          id: 'barcode-input', name: 'code', type: 'text', inputmode: 'numeric', autocomplete: 'off', maxlength: 64,
          placeholder: 'Barcode digits', value: state.code, dataset: { focusKey: 'code' },
          'aria-invalid': state.codeError ? 'true' : 'false', 'aria-describedby': 'barcode-error',
          oninput: (event) => { state.code = event.target.value; },
        }),
        h('button', { type: 'submit', class: 'button small', disabled: state.busy }, 'Look up')),
      h('p', { id: 'barcode-error', class: 'field-error', role: 'alert' }, state.codeError || ''),
      h('div', { class: 'barcode-buttons' },
        ui.hasCamera
          ? h('button', {
              type: 'button', id: 'camera-button', class: 'button small quiet', dataset: { focusKey: 'camera' },
              'aria-pressed': state.camera ? 'true' : 'false', onclick: () => (state.camera ? ui.onCameraStop() : ui.onCamera()),
            }, state.camera ? 'Stop the camera' : '📷 Scan with the camera')
          : null,
        h('div', { class: 'import-form' },
          fileButton('Or take a photo of the barcode', '📷 Photo of the barcode', h('input', {
            id: 'barcode-photo', type: 'file', accept: 'image/*', capture: 'environment', disabled: state.busy,
            dataset: { focusKey: 'photo' }, onchange: (event) => ui.onPhoto(event.target.files[0]),
          })))),
      state.camera ? h('div', { class: 'camera', 'aria-live': 'polite' }, h('p', {}, 'Point the camera at the barcode…')) : null,
      offer ? h('div', { id: 'scan-result', class: 'scan-result' },
        h('p', { id: 'scan-text' }, offer.text),
        offer.action === 'name'
          ? h('form', { class: 'import-row', onsubmit: (event) => { event.preventDefault(); ui.onAddScanned(event.target.elements.name.value); } },
              h('label', { for: 'scan-name', class: 'visually-hidden' }, 'Name this product'),
              h('input', {
                id: 'scan-name', name: 'name', type: 'text', maxlength: 120, placeholder: 'Name it (e.g. Oat milk)',
                value: state.scanName, dataset: { focusKey: 'scan-name' }, oninput: (event) => { state.scanName = event.target.value; },
              }),
              h('button', { type: 'submit', class: 'button small', disabled: state.busy }, 'Add'))
          : h('button', {
              type: 'button', id: 'scan-add', class: 'button small', disabled: state.busy, dataset: { focusKey: 'scan-add' },
              onclick: () => ui.onAddScanned(offer.name),
            }, offer.action === 'addPackage' ? `Add a package to ${offer.name}` : `Add ${offer.name}`)) : null);
  }

  addCard(state, ui) {
    const draft = state.draft;
    const bind = (key) => ({ value: draft[key], dataset: { focusKey: `add-${key}` }, oninput: (event) => { draft[key] = event.target.value; } });
    return h('section', { class: 'card pantry-card', 'aria-labelledby': 'pantry-add-title' },
      h('h3', { id: 'pantry-add-title', class: 'section-title small' }, 'Add to the pantry'),
      h('form', { id: 'pantry-add-form', class: 'pantry-form', onsubmit: (event) => { event.preventDefault(); ui.onAdd(); } },
        field('pantry-name', 'Name', { maxlength: 120, placeholder: 'Rice, oat milk, eggs…', ...bind('name') }),
        h('details', { class: 'pantry-more', open: state.moreOpen, ontoggle: (event) => { state.moreOpen = event.target.open; } },
          h('summary', {}, 'Packages, size, amount left, code, note'),
          h('div', { class: 'pantry-fields' },
            field('pantry-packages', 'Packages', { inputmode: 'numeric', maxlength: 4, placeholder: '1', ...bind('packages') }),
            field('pantry-size', 'Size of one package', { maxlength: 40, placeholder: '1 l, 500 g, 6', ...bind('packageSize') }),
            field('pantry-left', 'Amount left in all', { maxlength: 40, placeholder: '1.5 l', ...bind('left') }),
            field('pantry-code', 'Barcode', { inputmode: 'numeric', maxlength: 64, ...bind('barcode') }),
            field('pantry-note', 'Note', { maxlength: 500, ...bind('note') }))),
        h('button', { type: 'submit', class: 'button small', disabled: state.busy }, 'Add')));
  }

  /** The always-have list: staples recipes leave off the shopping list unless chosen. */
  staplesCard(state, ui) {
    return h('section', { class: 'card pantry-card', 'aria-labelledby': 'staples-title' },
      h('h3', { id: 'staples-title', class: 'section-title small' }, 'Always have',
        state.staplesSuggested ? h('span', { class: 'count' }, ' suggested') : null),
      h('p', { class: 'staples-hint' }, 'Recipes leave these off the shopping list unless you tick them in Recipe Ready.'),
      state.staples.length
        ? h('ul', { class: 'staples', 'aria-labelledby': 'staples-title' }, state.staples.map((name) => h('li', { class: 'staple' },
            h('span', {}, name),
            h('button', {
              type: 'button', class: 'staple-remove', disabled: state.busy, 'aria-label': `Remove ${name} from always have`,
              dataset: { focusKey: `staple:${name}` }, onclick: () => ui.onRemoveStaple(name),
            }, '×'))))
        : h('p', { class: 'recipes-none' }, state.loaded
          ? 'Nothing yet: every recipe line goes on the list.'
          : 'These show here once Basket can be reached.'),
      h('form', { class: 'import-row', onsubmit: (event) => { event.preventDefault(); ui.onAddStaple(); } },
        h('label', { for: 'staple-input', class: 'visually-hidden' }, 'A staple you always have'),
        h('input', {
          id: 'staple-input', type: 'text', maxlength: 60, placeholder: 'Salt, rice, butter…', value: state.stapleDraft,
          dataset: { focusKey: 'staple-input' }, oninput: (event) => { state.stapleDraft = event.target.value; },
        }),
        h('button', { type: 'submit', class: 'button small', disabled: state.busy, 'aria-label': 'Add to always have' }, 'Add')));
  }

  entry(state, entry, ui) {
    const name = entry.name;
    if (state.editing === entry.id) return this.editing(state, entry, ui);
    const meta = [entry.barcode ? `code ${entry.barcode}` : '', entry.note || ''].filter(Boolean).join(' · ');
    const actions = state.using === entry.id
      ? h('form', {
          class: 'pantry-use', onsubmit: (event) => { event.preventDefault(); ui.onUse(entry, event.target.elements.amount.value); },
          onkeydown: (event) => { if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); ui.onUseCancel(entry); } },
        },
          h('label', { for: `use-${entry.id}`, class: 'visually-hidden' }, `How much ${name} to take`),
          h('input', {
            id: `use-${entry.id}`, name: 'amount', type: 'text', maxlength: 40, placeholder: 'How much (200 g)',
            class: 'use-amount', dataset: { focusKey: `use-amount:${entry.id}` },
            // NB: kept in the state, so a live update's redraw never wipes what is being typed.
            value: state.useAmount || '', oninput: (event) => { state.useAmount = event.target.value; },
          }),
          h('button', { type: 'submit', class: 'button small' }, 'Take'),
          h('button', { type: 'button', class: 'button small quiet', onclick: () => ui.onUse(entry, null) }, 'All of it'),
          h('button', { type: 'button', class: 'button small quiet', onclick: () => ui.onUseCancel(entry) }, 'Cancel'))
      : h('div', { class: 'pantry-actions' },
          h('button', {
            type: 'button', class: 'button small quiet', 'aria-label': `Edit ${name}`,
            dataset: { focusKey: `edit:${entry.id}` }, onclick: () => ui.onEdit(entry),
          }, 'Edit'),
          h('button', {
            type: 'button', class: 'button small quiet', 'aria-label': `Use some of ${name}`, disabled: entry.usedUp,
            dataset: { focusKey: `use:${entry.id}` }, onclick: () => ui.onUseStart(entry),
          }, 'Use'),
          state.removing === entry.id
            ? h('button', {
                type: 'button', class: 'button small danger', 'aria-label': `Really remove ${name}?`,
                dataset: { focusKey: `really:${entry.id}` }, onclick: () => ui.onRemove(entry),
              }, 'Really remove?')
            : h('button', {
                type: 'button', class: 'button small quiet', 'aria-label': `Remove ${name}`,
                dataset: { focusKey: `remove:${entry.id}` }, onclick: () => ui.onAskRemove(entry),
              }, 'Remove'));
    return h('li', { class: `pantry-entry${entry.usedUp ? ' used-up' : ''}`, dataset: { id: entry.id } },
      h('div', { class: 'pantry-main' },
        h('span', { class: 'pantry-title' },
          entry.emoji ? h('span', { class: 'pantry-emoji', 'aria-hidden': 'true' }, entry.emoji) : null,
          h('span', { class: 'pantry-name' }, name)),
        h('span', { class: 'pantry-stock' }, entry.stock),
        meta ? h('span', { class: 'recipe-meta pantry-meta' }, meta) : null),
      actions);
  }

  editing(state, entry, ui) {
    const draft = state.editDraft;
    const bind = (key) => ({ value: draft[key], dataset: { focusKey: `edit-${key}` }, oninput: (event) => { draft[key] = event.target.value; } });
    const id = (key) => `edit-${key}-${entry.id}`;
    return h('li', { class: 'pantry-entry editing', dataset: { id: entry.id } },
      h('form', {
        class: 'pantry-form', 'aria-label': `Edit ${entry.name}`,
        onsubmit: (event) => { event.preventDefault(); ui.onSave(entry); },
        onkeydown: (event) => { if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); ui.onEditCancel(entry); } },
      },
        h('div', { class: 'pantry-fields' },
          field(id('name'), 'Name', { maxlength: 120, required: true, ...bind('name') }),
          field(id('packages'), entry.countedAs ? 'How many' : 'Packages', { inputmode: 'numeric', maxlength: 4, ...bind('packages') }),
          field(id('size'), 'Size of one package', { maxlength: 40, placeholder: 'not known', ...bind('packageSize') }),
          field(id('left'), 'Amount left in all', { maxlength: 40, placeholder: 'not recorded', ...bind('left') }),
          field(id('code'), 'Barcode', { inputmode: 'numeric', maxlength: 64, placeholder: 'none', ...bind('barcode') }),
          field(id('note'), 'Note', { maxlength: 500, ...bind('note') })),
        h('div', { class: 'editor-actions' },
          h('button', { type: 'button', class: 'button small quiet', onclick: () => ui.onEditCancel(entry) }, 'Cancel'),
          h('button', { type: 'submit', class: 'button small', disabled: state.busy }, 'Save'))));
  }
}
