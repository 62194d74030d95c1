// Draws the page from state. Rows are keyed by item id and reused between renders, so a
// checked item can glide (FLIP) from To get into Got it. All user text goes in as text.

import { h, replaceChildren } from './template.js';
import { chipText, formatAmount } from './model.js';

const $ = (id) => document.getElementById(id);
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export class View {
  constructor() {
    this.rows = new Map(); // id → <li>
    this.toGet = $('to-get');
    this.gotIt = $('got-it');
    this.toastTimer = null;
  }

  // MARK: Whole page

  showPairing(message) {
    $('pairing').hidden = false;
    $('list-area').hidden = true;
    $('add-bar').hidden = true;
    $('pair-error').textContent = message || '';
  }

  showList() {
    $('pairing').hidden = true;
    $('list-area').hidden = false;
    $('add-bar').hidden = false;
  }

  setConnection(state) {
    const text = { live: 'Live', reconnecting: 'Reconnecting…', offline: 'Offline' }[state] || '';
    const element = $('connection');
    element.textContent = text;
    element.dataset.state = state;
  }

  /** The launch flourish: a basket hop on a cold start only. */
  flourish() {
    const element = $('flourish');
    element.hidden = false;
    element.classList.add('play');
    setTimeout(() => {
      element.hidden = true;
      element.classList.remove('play');
    }, reducedMotion() ? 500 : 1100);
  }

  // MARK: The list

  /**
   * Renders both sections. `ui` carries the page-only state: `checking` (ids held in place,
   * struck through), `editing` ({id, quantity, typing}), `renaming` (id) and handlers.
   */
  render(list, ui, { glide = false } = {}) {
    const before = glide ? this.positions() : null;
    const focusKey = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.focusKey : undefined;

    document.body.dataset.tint = list.mood.tint;
    const empty = list.toGet.length === 0 && list.gotIt.length === 0;
    $('empty').hidden = !empty;
    $('to-get-section').hidden = empty;
    if (empty) {
      $('empty').querySelector('.empty-line').textContent = list.mood.emptyLine;
      $('empty').querySelector('.empty-accent').textContent = list.mood.accent || '🧺';
    }
    $('to-get-count').textContent = list.toGet.length ? `(${list.toGet.length})` : '';

    const seen = new Set();
    this.fill(this.toGet, list.toGet, (item) => this.toGetRow(item, ui), seen);
    this.fill(this.gotIt, list.gotIt, (item) => this.gotItRow(item, ui), seen);
    for (const [id, row] of this.rows) {
      if (!seen.has(id)) {
        row.remove();
        this.rows.delete(id);
      }
    }
    if (this.toGet.children.length === 0 && list.gotIt.length) {
      this.toGet.appendChild(h('li', { class: 'nothing-left' }, 'Nothing left to get.'));
    }
    $('got-it-section').hidden = list.gotIt.length === 0;

    if (focusKey) {
      const again = document.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
      if (again && again !== document.activeElement) again.focus();
    }
    if (before) this.glide(before);
  }

  fill(container, items, build, seen) {
    for (const extra of container.querySelectorAll(':scope > .nothing-left')) extra.remove();
    let previous = null;
    for (const item of items) {
      seen.add(item.id);
      let row = this.rows.get(item.id);
      const holdsInput = row && row.contains(document.activeElement) &&
        document.activeElement.tagName === 'INPUT';
      if (!holdsInput) {
        const fresh = build(item);
        if (row) {
          const flashing = row.classList.contains('flash'); // keep a running flash going
          row.className = fresh.className;
          if (flashing) row.classList.add('flash');
          replaceChildren(row, ...fresh.childNodes);
        } else {
          row = fresh;
          this.rows.set(item.id, row);
        }
      }
      const next = previous ? previous.nextSibling : container.firstChild;
      if (row !== next) container.insertBefore(row, next);
      previous = row;
    }
    while (previous && previous.nextSibling) previous.nextSibling.remove();
    if (!previous) container.textContent = '';
  }

  toGetRow(item, ui) {
    const checking = ui.checking.has(item.id);
    const editing = ui.editing && ui.editing.id === item.id ? ui.editing : null;
    const renaming = ui.renaming === item.id;
    const name = renaming
      ? h('input', {
          class: 'rename', type: 'text', value: item.name, maxlength: 200,
          'aria-label': `New name for ${item.name}`, dataset: { focusKey: `rename:${item.id}` },
          onkeydown: (event) => {
            if (event.key === 'Enter') { event.preventDefault(); ui.onRenameCommit(item, event.target.value); }
            if (event.key === 'Escape') { event.preventDefault(); ui.onRenameCancel(item); }
          },
          onblur: (event) => ui.onRenameCommit(item, event.target.value),
        })
      : h('button', {
          type: 'button', class: 'name', 'aria-label': `Rename ${item.name}`,
          dataset: { focusKey: `name:${item.id}` }, onclick: () => ui.onRename(item),
        }, item.name);
    const chip = h('button', {
      type: 'button', class: item.quantity ? 'qty-chip' : 'qty-chip unset',
      'aria-expanded': editing ? 'true' : 'false',
      'aria-label': item.quantity ? `Quantity of ${item.name}: ${item.chip}` : `Set a quantity for ${item.name}`,
      dataset: { focusKey: `qty:${item.id}` },
      onclick: () => ui.onEdit(item),
    }, item.quantity ? item.chip : '+ Qty');
    const row = h('li', {
      class: `item${checking ? ' checking' : ''}${editing ? ' editing' : ''}`,
      dataset: { id: item.id },
    },
      h('div', {
        class: 'row',
        onclick: (event) => { if (event.target === event.currentTarget) ui.onEdit(item); },
      },
        h('button', {
          type: 'button', class: 'check', role: 'checkbox', 'aria-checked': checking ? 'true' : 'false',
          'aria-label': `Got ${item.name}`, dataset: { focusKey: `check:${item.id}` },
          onclick: (event) => ui.onCheck(item, event.currentTarget),
        }, h('span', { class: 'tick', 'aria-hidden': 'true' }, '✓')),
        h('span', { class: 'emoji', 'aria-hidden': 'true' }, item.emoji),
        name,
        chip,
      ),
      editing ? this.editor(item, editing, ui) : null,
    );
    return row;
  }

  editor(item, editing, ui) {
    const quantity = editing.quantity;
    const amountText = chipText(quantity);
    const amount = editing.typing
      ? h('input', {
          class: 'amount-input', type: 'text', inputmode: 'decimal', value: formatAmount(quantity.amount),
          'aria-label': `Amount in ${quantity.unit === 'units' ? 'units' : quantity.unit}`,
          dataset: { focusKey: `amount-input:${item.id}` },
          onkeydown: (event) => {
            if (event.key === 'Enter') { event.preventDefault(); ui.onTyped(item, event.target.value); }
            if (event.key === 'Escape') { event.preventDefault(); ui.onTypedCancel(item); }
          },
          onblur: (event) => ui.onTyped(item, event.target.value),
        })
      : h('button', {
          type: 'button', class: 'amount', 'aria-label': `${amountText}; tap to type an amount`,
          dataset: { focusKey: `amount:${item.id}` }, onclick: () => ui.onTypeAmount(item),
        }, amountText);
    return h('div', { class: 'editor', role: 'group', 'aria-label': `Quantity of ${item.name}` },
      h('div', { class: 'pills', role: 'group', 'aria-label': 'Unit' },
        item.units.map((unit) => h('button', {
          type: 'button', class: 'pill', 'aria-pressed': unit === quantity.unit ? 'true' : 'false',
          dataset: { focusKey: `unit:${item.id}:${unit}`, unit },
          onclick: () => ui.onUnit(item, unit),
        }, unit))),
      h('div', { class: 'stepper' },
        h('button', {
          type: 'button', class: 'step', 'aria-label': 'Less', dataset: { focusKey: `less:${item.id}` },
          onclick: () => ui.onStep(item, -1),
        }, '−'),
        amount,
        h('button', {
          type: 'button', class: 'step', 'aria-label': 'More', dataset: { focusKey: `more:${item.id}` },
          onclick: () => ui.onStep(item, 1),
        }, '＋'),
      ),
      h('div', { class: 'editor-actions' },
        h('button', { type: 'button', class: 'button small quiet', onclick: () => ui.onRemove(item) }, 'Remove item'),
        item.quantity ? h('button', { type: 'button', class: 'button small quiet', onclick: () => ui.onClearQuantity(item) }, 'No quantity') : null,
        h('button', {
          type: 'button', class: 'button small', dataset: { focusKey: `done:${item.id}` },
          onclick: () => ui.onEditDone(item),
        }, 'Done'),
      ),
    );
  }

  gotItRow(item, ui) {
    return h('li', { class: 'item done', dataset: { id: item.id } },
      h('button', {
        type: 'button', class: 'row restore', 'aria-label': `Put ${item.name} back on the list`,
        dataset: { focusKey: `restore:${item.id}` }, onclick: () => ui.onRestore(item),
      },
        h('span', { class: 'check', 'aria-hidden': 'true' }, h('span', { class: 'tick' }, '✓')),
        h('span', { class: 'emoji', 'aria-hidden': 'true' }, item.emoji),
        h('span', { class: 'name' }, item.name),
        item.quantity ? h('span', { class: 'qty-chip' }, item.chip) : null,
      ));
  }

  // MARK: Motion

  positions() {
    const map = new Map();
    for (const [id, row] of this.rows) {
      if (row.isConnected) map.set(id, row.getBoundingClientRect().top);
    }
    return map;
  }

  /** FLIP: rows that moved slide from where they were; new rows pop in. */
  glide(before) {
    const calm = reducedMotion();
    for (const [id, row] of this.rows) {
      const top = row.getBoundingClientRect().top;
      if (!before.has(id)) {
        row.animate(calm ? [{ opacity: 0 }, { opacity: 1 }]
          : [{ opacity: 0, transform: 'scale(0.96)' }, { opacity: 1, transform: 'none' }],
        { duration: calm ? 200 : 260, easing: 'ease-out' });
        continue;
      }
      const delta = before.get(id) - top;
      if (Math.abs(delta) < 1) continue;
      if (calm) {
        row.animate([{ opacity: 0.4 }, { opacity: 1 }], { duration: 250 });
      } else {
        row.animate([{ transform: `translateY(${delta}px)` }, { transform: 'none' }],
          { duration: 420, easing: 'cubic-bezier(.2,.8,.2,1)' });
      }
    }
  }

  /** The spark burst on a check circle (a calm ring when motion is reduced). */
  sparks(button) {
    const burst = h('span', { class: reducedMotion() ? 'burst calm' : 'burst', 'aria-hidden': 'true' });
    if (!reducedMotion()) {
      const colors = ['#ff7a59', '#ffd23f', '#7bc96f', '#ff9ecd', '#6ec3ff'];
      for (let index = 0; index < 10; index += 1) {
        const spark = h('span', { class: 'spark' });
        spark.style.setProperty('--angle', `${index * 36}deg`);
        spark.style.setProperty('--color', colors[index % colors.length]);
        burst.appendChild(spark);
      }
    }
    button.appendChild(burst);
    setTimeout(() => burst.remove(), 800);
  }

  flash(id) {
    const row = this.rows.get(id);
    if (!row) return;
    row.classList.remove('flash');
    void row.offsetWidth;
    row.classList.add('flash');
    setTimeout(() => row.classList.remove('flash'), 1200);
  }

  celebrate() {
    const element = $('celebration');
    element.hidden = false;
    element.classList.toggle('calm', reducedMotion());
    if (!reducedMotion()) {
      const colors = ['#ff7a59', '#ffd23f', '#7bc96f', '#ff9ecd', '#6ec3ff'];
      for (let index = 0; index < 24; index += 1) {
        const bit = h('span', { class: 'confetti', 'aria-hidden': 'true' });
        bit.style.setProperty('--x', `${(index * 41) % 100}vw`);
        bit.style.setProperty('--delay', `${(index % 6) * 60}ms`);
        bit.style.setProperty('--color', colors[index % colors.length]);
        element.appendChild(bit);
      }
    }
    clearTimeout(this.celebrationTimer);
    this.celebrationTimer = setTimeout(() => {
      element.hidden = true;
      for (const bit of element.querySelectorAll('.confetti')) bit.remove();
    }, 2600);
  }

  // MARK: Chips and toast

  chips(suggestions, onPick) {
    const container = $('chips');
    replaceChildren(container, suggestions.map((chip) => h('button', {
      type: 'button', class: `chip ${chip.source}`, 'aria-label': `Add ${chip.name}`,
      onmousedown: (event) => event.preventDefault(), // keep the add bar focused
      onclick: () => onPick(chip.name),
    }, h('span', { 'aria-hidden': 'true' }, chip.emoji), ' ', chip.name)));
  }

  /** A short message; with `undo`, an Undo button until `until` (a local time in ms). */
  toast(text, { undo = null, until = null, duration = 3500 } = {}) {
    const element = $('toast');
    const button = $('toast-undo');
    $('toast-text').textContent = text;
    button.hidden = !undo;
    button.onclick = undo;
    element.hidden = false;
    clearTimeout(this.toastTimer);
    const wait = until ? Math.max(0, until - Date.now()) : duration;
    this.toastTimer = setTimeout(() => this.hideToast(), wait);
  }

  hideToast() {
    $('toast').hidden = true;
    $('toast-undo').onclick = null;
  }
}
