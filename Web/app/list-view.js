// Draws the page from state. Rows are keyed by item id and reused between renders, so a
// checked item can glide (FLIP) from To get into Got it. All user text goes in as text.

import { h, replaceChildren } from './template.js';
import { CHECK_OFF_DELAY, chipText, formatAmount } from './model.js';

const $ = (id) => document.getElementById(id);
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The fruity palette the sparks and confetti bits are drawn from. */
const FRUITY = ['#e8553a', '#ffd23f', '#45c43a', '#ff6fae', '#4fb3ff', '#ff9f1c', '#9b6bd8'];
/** How many fruit icons/fruit.svg holds (Tools/web/make-fruit.py draws them). */
const FRUIT_COUNT = 7;
/** How many rows of a section are drawn at first, and how many more each time they run out. */
export const ROWS_AT_ONCE = 150;
/** How long All done! stays up unless closed sooner, in ms. */
export const CELEBRATION_TIME = 5000;

/** What an item looks like in a list, to tell whether a toast about it is still true. */
function look(list, id) {
  const toGet = list.toGet.find((item) => item.id === id);
  if (toGet) return `to get|${toGet.name}|${toGet.chip || ''}`;
  const gotIt = list.gotIt.find((item) => item.id === id);
  return gotIt ? `got it|${gotIt.name}|${gotIt.chip || ''}` : 'gone';
}

const folded = (name) => name.trim().toLocaleLowerCase();

/**
 * Which recipes asked for an item, and the recipe amounts its chip can't show ("For Pancakes,
 * Soup · 2 cups + 1 tbsp"); nothing for an item no recipe asked for.
 */
export function recipeNoteText(item) {
  const titles = (item.recipes || []).map((recipe) => recipe.title).filter(Boolean);
  if (!titles.length) return '';
  // NB: an item with `buy` shows what to buy in its chip; the note gives the exact need.
  const shown = item.buy ? item.buy.need : item.amountText !== item.chip ? item.amountText : null;
  const amounts = shown ? ` · ${shown}` : '';
  return `For ${titles.join(', ')}${amounts}`;
}

/** The note as drawn: each saved recipe's title links to its Recipe Ready review. */
function recipeNote(item) {
  const text = recipeNoteText(item);
  if (!text) return null;
  const recipes = (item.recipes || []).filter((recipe) => recipe.title);
  const amounts = text.slice(`For ${recipes.map((recipe) => recipe.title).join(', ')}`.length);
  return h('p', { class: 'recipe-note' }, 'For ',
    recipes.map((recipe, index) => [
      index ? ', ' : '',
      recipe.id
        ? h('a', { href: `#/recipes/${encodeURIComponent(recipe.id)}`, 'aria-label': `${recipe.title}: open the recipe` }, recipe.title)
        : recipe.title,
    ]),
    amounts);
}

/**
 * A handle to drag a row by; with the focus on it, the arrow keys move the row up or down one
 * (`move(-1)`, `move(1)`) for those who can't drag.
 */
function dragHandle(label, focusKey, move) {
  return h('button', {
    type: 'button', class: 'drag-handle', 'aria-label': label, dataset: { focusKey },
    onkeydown: (event) => {
      const offset = { ArrowUp: -1, ArrowDown: 1 }[event.key];
      if (!offset) return;
      event.preventDefault();
      move(offset);
    },
  }, '⠿');
}

export class View {
  constructor() {
    this.rows = new Map(); // id → <li>
    this.otherScreen = () => false; // another screen has the page (app.js's router sets this)
    // A long list is drawn a few screens at a time: the rows past `shown` in each section are
    // drawn as they scroll near (a marker row below the last one drawn), so opening the page
    // and every change cost the same for 5,000 items as for 50.
    this.shown = ROWS_AT_ONCE;
    this.last = null; // the last render's arguments, to draw more rows with
    this.more = typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || !this.last) return;
        this.shown += ROWS_AT_ONCE;
        this.render(...this.last);
      }, { rootMargin: '600px' })
      : null;
    this.toGet = $('to-get');
    this.gotIt = $('got-it');
    this.toastTimer = null;
    this.toastAbout = null; // {looks: Map id → look, name, known: Set of ids}
    document.documentElement.style.setProperty('--hold', `${CHECK_OFF_DELAY}ms`);
    $('celebration-banner').addEventListener('click', () => this.endCelebration());
  }

  // MARK: Whole page

  showPairing(message) {
    $('pairing').hidden = false;
    $('list-area').hidden = true;
    $('add-bar').hidden = true;
    $('pair-error').textContent = message || '';
  }

  /** The list is ready: shown, unless another screen has the page (a reconnect, say). */
  showList() {
    $('pairing').hidden = true;
    if (this.otherScreen()) return;
    $('list-area').hidden = false;
    $('add-bar').hidden = false;
  }

  /** The status line: what the connection and the queue really are ("Offline · 2 changes waiting"). */
  setStatus(text, state) {
    const element = $('connection');
    if (element.textContent !== text) element.textContent = text;
    element.dataset.state = state;
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
    this.last = [list, ui];
    if (this.more) this.more.disconnect();
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
    const walking = ui.walking && ui.walking.on ? ui.walking : null;
    this.walkBar(walking, ui);
    const aisles = !walking && ui.aisles && ui.aisles.on ? ui.aisles : null;
    $('aisle-toggle').setAttribute('aria-pressed', aisles ? 'true' : 'false');
    const aisleMessage = $('aisle-message');
    aisleMessage.textContent = aisles ? aisles.message : '';
    aisleMessage.hidden = !aisleMessage.textContent;
    const walks = Boolean(walking && walking.shop);
    const toGet = walks ? walking.entries(list.toGet) : aisles ? aisles.entries(list.toGet) : list.toGet;
    this.toGet.classList.toggle('walk', walks);
    this.fill(this.toGet, toGet.slice(0, this.shown),
      (entry) => (entry.heading ? (walks ? this.aisleRow(entry, ui) : this.categoryRow(entry))
        : this.toGetRow(entry, ui, walks)), seen);
    this.moreRows(this.toGet, toGet.length, list.toGet.length);
    this.fill(this.gotIt, list.gotIt.slice(0, this.shown), (item) => this.gotItRow(item, ui), seen);
    this.moreRows(this.gotIt, list.gotIt.length, list.gotIt.length);
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
    if (this.toastAbout && this.toastIsStale(list)) this.hideToast();
    if (list.toGet.length) this.endCelebration();
  }

  /**
   * Below the last row drawn of a section with more (`total` rows, `items` of them items): a
   * marker that says how many are still to come, and draws them as it scrolls near.
   */
  moreRows(container, total, items) {
    if (total <= this.shown) return;
    const drawn = container.querySelectorAll(':scope > li.item').length;
    const marker = h('li', { class: 'more-rows', 'aria-hidden': 'true' }, `${items - drawn} more below…`);
    container.appendChild(marker);
    if (this.more) this.more.observe(marker);
  }

  fill(container, items, build, seen) {
    for (const extra of container.querySelectorAll(':scope > .nothing-left, :scope > .more-rows')) extra.remove();
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

  /**
   * The walking order's bar: which shop you are in (or naming the first), and what went wrong.
   * The box for a new shop is made once and kept, so a redraw never takes its text or its focus.
   */
  walkBar(walking, ui) {
    const bar = $('walk-bar');
    $('walk-toggle').setAttribute('aria-pressed', walking ? 'true' : 'false');
    bar.hidden = !walking;
    if (!walking) return;
    if (!bar.querySelector('.walk-add')) {
      replaceChildren(bar, h('div', { class: 'walk-picker' }), h('form', {
        class: 'walk-add', onsubmit: async (event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.shop;
          const name = input.value.trim();
          if (name && await ui.onAddShop(name)) input.value = '';
        },
      },
      h('label', { for: 'walk-new-shop', class: 'visually-hidden' }, 'A shop you go to'),
      h('input', { id: 'walk-new-shop', name: 'shop', type: 'text', maxlength: 60 }),
      h('button', { type: 'submit', class: 'button small' }, 'Add shop')), h('div', { class: 'walk-notes' }));
    }
    $('walk-new-shop').placeholder = walking.shops.length ? 'Another shop…' : 'Which shop are you in?';
    const picker = bar.querySelector('.walk-picker');
    if (!picker.contains(document.activeElement)) {
      replaceChildren(picker, walking.shops.length
        ? h('label', { class: 'walk-shop' }, 'In ',
            h('select', {
              id: 'walk-shop', 'aria-label': 'The shop you are in', dataset: { focusKey: 'walk-shop' },
              onchange: (event) => ui.onChooseShop(event.target.value || null),
            },
            h('option', { value: '', selected: !walking.current }, 'no shop'),
            walking.shops.map((shop) => h('option', { value: shop.name, selected: shop.id === walking.current }, shop.name))))
        : null);
    }
    replaceChildren(bar.querySelector('.walk-notes'),
      walking.message ? h('p', { class: 'walk-message', role: 'status' }, walking.message) : null,
      walking.shop ? h('p', { class: 'walk-hint' }, 'Drag ⠿ (or press ↑ ↓ on it) to put an item or an aisle where it is in this shop.') : null,
      walking.shops.length ? h('p', { class: 'walk-hint' }, h('a', { href: '#/shops' }, 'Your shops'), ': rename, remove, see what each has learnt.') : null);
  }

  /** A category's heading when To get is grouped by aisle. */
  categoryRow(entry) {
    return h('li', { class: 'aisle category', dataset: { id: entry.id } },
      h('span', { class: 'aisle-title', role: 'heading', 'aria-level': '3' }, entry.title));
  }

  /** An aisle's heading in the walking order; its handle moves the whole aisle. */
  aisleRow(entry, ui) {
    return h('li', { class: 'aisle', dataset: { id: entry.id } },
      h('span', { class: 'aisle-title' }, entry.title),
      dragHandle(`Move the aisle ${entry.title}`, `move:${entry.title}`,
        (offset) => ui.onMoveAisle(entry.id, offset)));
  }

  toGetRow(item, ui, walking = false) {
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
        }, h('span', { class: 'label' }, item.name));
    // While the editor is open the chip follows it at once (the change is sent as the
    // stepper settles); else what recipes asked for, as bought ("4 cans"), until a quantity is set.
    if (editing && editing.touched) {
      item = editing.amount
        ? { ...item, quantity: null, buy: { text: ui.recipeAmountText(editing.amount), need: null } }
        : { ...item, quantity: editing.quantity, chip: chipText(editing.quantity) };
    }
    const buy = !item.quantity && item.buy ? item.buy.text : null;
    const chip = h('button', {
      type: 'button', class: item.quantity ? 'qty-chip' : buy ? 'qty-chip recipe-buy' : 'qty-chip unset',
      'aria-expanded': editing ? 'true' : 'false',
      'aria-label': item.quantity ? `Quantity of ${item.name}: ${item.chip}`
        : buy ? `To buy for the recipes: ${buy}; tap to set a quantity of ${item.name}`
          : `Set a quantity for ${item.name}`,
      dataset: { focusKey: `qty:${item.id}` },
      onclick: () => ui.onEdit(item),
    }, item.quantity ? item.chip : buy || ['+', h('span', { class: 'qty-word' }, ' Qty')]);
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
        walking ? dragHandle(`Move ${item.name}`, `move:${item.id}`,
          (offset) => ui.onMoveItem(item.id, offset)) : null,
      ),
      item.note ? h('p', { class: 'item-note' }, item.note) : null,
      recipeNote(item),
      editing ? this.editor(item, editing, ui) : null,
    );
    return row;
  }

  editor(item, editing, ui) {
    // A recipe's amount is edited in its own unit ("2¼ cups"); else the list's quantity.
    const recipe = editing.amount || null;
    const quantity = editing.quantity;
    const amountText = recipe ? ui.recipeAmountText(recipe) : chipText(quantity);
    const unitName = recipe ? recipe.unit : quantity.unit === 'units' ? 'units' : quantity.unit;
    const pills = recipe
      ? [{ unit: recipe.unit, label: ui.recipeUnitWord(recipe), pressed: true },
        ...item.units.map((unit) => ({ unit, label: unit, pressed: false }))]
      : item.units.map((unit) => ({ unit, label: unit, pressed: unit === quantity.unit }));
    const amount = editing.typing
      ? h('input', {
          class: 'amount-input', type: 'text', inputmode: recipe ? 'text' : 'decimal',
          value: recipe ? ui.recipeNumber(recipe) : formatAmount(quantity.amount),
          'aria-label': `Amount in ${unitName}`,
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
        pills.map(({ unit, label, pressed }) => h('button', {
          type: 'button', class: 'pill', 'aria-pressed': pressed ? 'true' : 'false',
          dataset: { focusKey: `unit:${item.id}:${unit}`, unit },
          onclick: () => ui.onUnit(item, unit),
        }, label))),
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
      h('label', { class: 'note-field' }, 'Note',
        h('input', {
          class: 'note-input', type: 'text', value: item.note || '', maxlength: 500,
          placeholder: 'the big tub, for Sam’s lunch…', enterkeyhint: 'done',
          dataset: { focusKey: `note:${item.id}` },
          onkeydown: (event) => {
            // NB: both commit on blur, once.
            if (event.key === 'Enter') { event.preventDefault(); event.target.blur(); }
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              event.target.value = item.note || '';
              event.target.blur();
            }
          },
          onblur: (event) => ui.onNoteCommit(item, event.target.value),
        })),
      ui.aisles && ui.aisles.categories.length ? h('label', { class: 'note-field' }, 'Aisle',
        h('select', {
          class: 'aisle-select', dataset: { focusKey: `aisle:${item.id}` },
          onchange: (event) => ui.onCategory(item, event.target.value),
        },
        item.category ? null : h('option', { value: '', selected: true, disabled: true }, ui.aisles.elsewhere),
        ui.aisles.categories.map((entry) => h('option', {
          value: entry.category, selected: entry.category === item.category,
        }, entry.title)))) : null,
      h('div', { class: 'editor-actions' },
        h('button', { type: 'button', class: 'button small quiet', onclick: () => ui.onRemove(item) }, 'Remove item'),
        item.quantity || recipe ? h('button', { type: 'button', class: 'button small quiet', onclick: () => ui.onClearQuantity(item) }, 'No quantity') : null,
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
        h('span', { class: 'name' }, h('span', { class: 'label' }, item.name)),
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

  /**
   * The spark burst on a check circle: pixel squares and twinkles in the fruity palette that
   * fly two to three circle-widths out (a calm ring when motion is reduced). Angles, sizes and
   * distances vary by index, not by chance, so every burst looks the same.
   */
  sparks(button) {
    const calm = reducedMotion();
    const burst = h('span', { class: calm ? 'burst calm' : 'burst', 'aria-hidden': 'true' });
    if (!calm) {
      const count = 16;
      for (let index = 0; index < count; index += 1) {
        const spark = h('span', { class: index % 3 === 1 ? 'spark star' : 'spark' });
        const set = (name, value) => spark.style.setProperty(name, value);
        const angle = ((index * (360 / count) + (index % 2 ? 7 : -4)) * Math.PI) / 180;
        const distance = [58, 78, 66, 88][index % 4];
        set('--dx', `${(Math.sin(angle) * distance).toFixed(1)}px`);
        set('--dy', `${(-Math.cos(angle) * distance).toFixed(1)}px`);
        set('--size', index % 3 === 1 ? '4px' : `${[7, 9, 8][index % 3]}px`);
        set('--color', FRUITY[index % FRUITY.length]);
        set('--delay', `${(index % 3) * 30}ms`);
        burst.appendChild(spark);
      }
    }
    // NB: in the row, not the button: the circle's pop must not scale the sparks with it.
    const host = button.parentElement;
    burst.style.left = `${button.offsetLeft + button.offsetWidth / 2}px`;
    burst.style.top = `${button.offsetTop + button.offsetHeight / 2}px`;
    if (calm) {
      burst.style.width = `${button.offsetWidth + 8}px`;
      burst.style.height = `${button.offsetHeight + 8}px`;
    }
    host.appendChild(burst);
    setTimeout(() => burst.remove(), 900);
  }

  flash(id) {
    const row = this.rows.get(id);
    if (!row) return;
    row.classList.remove('flash');
    void row.offsetWidth;
    row.classList.add('flash');
    setTimeout(() => row.classList.remove('flash'), 1200);
  }

  /**
   * All done!: a bouncy banner and pixel fruit raining across the screen for
   * CELEBRATION_TIME; a calm fade when motion is reduced. It never takes focus or a tap
   * (except on the banner, which closes it).
   */
  celebrate() {
    const element = $('celebration');
    const field = element.querySelector('.confetti-field');
    const calm = reducedMotion();
    field.textContent = '';
    element.classList.remove('leaving');
    element.classList.toggle('calm', calm);
    element.hidden = false;
    if (!calm) {
      for (let index = 0; index < 36; index += 1) {
        const fruit = index % 3 !== 2;
        const bit = h('span', { class: fruit ? 'confetti fruit' : 'confetti bit' });
        const set = (name, value) => bit.style.setProperty(name, value);
        // Golden-ratio steps spread the pieces evenly across the width without randomness.
        set('--x', `${(((index * 0.618034) + 0.04) % 1 * 100).toFixed(1)}%`);
        set('--size', fruit ? `${28 + (index % 3) * 6}px` : `${index % 2 ? 10 : 7}px`);
        set('--delay', `${(index % 9) * 130 + Math.floor(index / 9) * 70}ms`);
        set('--fall', `${2500 + (index % 5) * 280}ms`);
        set('--sway', `${((index % 7) - 3) * 14}px`);
        // Fruit only tilts (turned pixel art smears); the small bits tumble.
        set('--spin', fruit ? `${((index % 4) - 1.5) * 16}deg` : `${index % 2 ? 540 : -540}deg`);
        set('--fruit', String(index % FRUIT_COUNT));
        set('--fruits', String(FRUIT_COUNT));
        set('--color', FRUITY[index % FRUITY.length]);
        field.appendChild(bit);
      }
    }
    this.announce('All done! Everything is in the basket.');
    clearTimeout(this.celebrationTimer);
    this.celebrationTimer = setTimeout(() => this.endCelebration(), CELEBRATION_TIME);
  }

  /** Closes All done! (after a short leaving animation); nothing if it isn't up. */
  endCelebration() {
    const element = $('celebration');
    if (element.hidden || element.classList.contains('leaving')) return;
    element.classList.add('leaving');
    clearTimeout(this.celebrationTimer);
    this.celebrationTimer = setTimeout(() => {
      element.hidden = true;
      element.classList.remove('leaving');
      element.querySelector('.confetti-field').textContent = '';
    }, reducedMotion() ? 600 : 350);
  }

  /** Tells screen readers something that the page shows without words. */
  announce(text) {
    const element = $('announcer');
    element.textContent = text;
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => { element.textContent = ''; }, 7000);
  }

  // MARK: Chips and toast

  /** Shows suggestion chips; an empty array (or none) hides them. */
  chips(suggestions = [], onPick = () => {}) {
    const container = $('chips');
    container.hidden = suggestions.length === 0;
    replaceChildren(container, suggestions.map((chip) => h('button', {
      type: 'button', class: `chip ${chip.source}`, 'aria-label': `Add ${chip.name}`,
      onmousedown: (event) => event.preventDefault(), // keep the add bar focused
      onclick: () => onPick(chip.name),
    }, h('span', { 'aria-hidden': 'true' }, chip.emoji), ' ', chip.name)));
  }

  /**
   * A short message; with `undo`, an Undo button until `until` (a local time in ms). With
   * `about` ({list, ids, name}), the toast is about those items and goes away as soon as one
   * of them changes (or, for `name`, an item by that name turns up again), so it never says
   * something that is no longer true.
   */
  toast(text, { undo = null, until = null, duration = 3500, about = null } = {}) {
    const element = $('toast');
    const button = $('toast-undo');
    $('toast-text').textContent = text;
    button.hidden = !undo;
    button.onclick = undo;
    element.hidden = false;
    this.toastAbout = about ? {
      looks: new Map((about.ids || []).map((id) => [id, look(about.list, id)])),
      name: about.name ? folded(about.name) : null,
      known: new Set([...about.list.toGet, ...about.list.gotIt].map((item) => item.id)),
    } : null;
    clearTimeout(this.toastTimer);
    const wait = until ? Math.max(0, until - Date.now()) : duration;
    this.toastTimer = setTimeout(() => this.hideToast(), wait);
  }

  toastIsStale(list) {
    const { looks, name, known } = this.toastAbout;
    for (const [id, seen] of looks) {
      if (look(list, id) !== seen) return true;
    }
    return !!name && [...list.toGet, ...list.gotIt]
      .some((item) => !known.has(item.id) && folded(item.name) === name);
  }

  /** Something happened to an item (checked, say): a toast about it is out of date. */
  itemChanged(id) {
    if (this.toastAbout && this.toastAbout.looks.has(id)) this.hideToast();
  }

  hideToast() {
    $('toast').hidden = true;
    $('toast-undo').onclick = null;
    this.toastAbout = null;
    clearTimeout(this.toastTimer);
  }
}
