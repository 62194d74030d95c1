// Builds DOM nodes. Text always goes in as text nodes, never as markup, so names like
// "<img src=x onerror=alert(1)>" show as typed.

/**
 * Makes an element: h('button', {class: 'x', 'aria-label': 'Add', onclick: fn}, 'text', child)
 * Attributes starting with "on" become listeners; `dataset` sets data-* values.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      element.addEventListener(key.slice(2), value);
    } else if (key === 'dataset') {
      Object.assign(element.dataset, value);
    } else if (key === 'class') {
      element.className = value;
    } else {
      element.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else if (child instanceof Node) element.appendChild(child);
    else element.appendChild(document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function replaceChildren(element, ...children) {
  element.textContent = '';
  append(element, children);
}

/**
 * A file input drawn as one of the app's buttons: the input itself is hidden inside a label
 * that holds the sentence and the button, so a tap anywhere on it opens the picker and the
 * input keeps its focus, its name ("Or choose … Choose a file") and its `disabled`.
 */
export function fileButton(sentence, button, input) {
  input.classList.add('file-input');
  return h('label', { class: 'file-pick', for: input.id },
    h('span', { class: 'file-pick-text' }, sentence),
    input,
    h('span', { class: 'button small file-button', 'aria-hidden': 'true' }, button));
}

/**
 * A screen in its own area of the page (the element `areaId`): shown instead of the list, or
 * hidden to hand the page back, and redrawn whole, keeping focus on the control that had it.
 */
export class ScreenView {
  constructor(areaId) {
    this.area = document.getElementById(areaId);
  }

  show(visible) {
    this.area.hidden = !visible;
  }

  draw(...children) {
    redraw(this.area, ...children);
  }
}

/**
 * The top of a screen: its title, which takes the focus when the screen opens, and its message
 * line. `name` makes the ids the page and its tests know the screen's parts by (`NAME-title`).
 */
export function screenHead(name, title, message, isError = false) {
  return [
    h('div', { class: 'recipes-head' },
      h('h2', { id: `${name}-title`, class: 'section-title', tabindex: '-1' }, title)),
    statusLine(name, message, isError),
  ];
}

/** A screen's message line (`NAME-status`): an error is an alert, anything else a status. */
export function statusLine(name, message, isError = false) {
  return h('p', {
    id: `${name}-status`, class: isError ? 'recipes-status error' : 'recipes-status',
    role: isError ? 'alert' : 'status',
  }, message || '');
}

/**
 * A search box that searches as it is typed in (`onSearch(text)`), never submitting; `label` is
 * for screen readers, the placeholder for the eye. It keeps its focus and caret over a redraw.
 */
export function searchForm(id, label, placeholder, query, onSearch) {
  return h('form', { role: 'search', class: 'import-row', onsubmit: (event) => event.preventDefault() },
    h('label', { for: id, class: 'visually-hidden' }, label),
    h('input', {
      id, type: 'search', placeholder, value: query,
      maxlength: 200, dataset: { focusKey: 'search' }, oninput: (event) => onSearch(event.target.value),
    }));
}

/** A screen this wide (and wider) shows two columns; basket.css's `.columns` says the same. */
export const WIDE = '(min-width: 64rem)';

/**
 * Two columns on a wide screen, one after the other on a phone: `main` then `aside`, in that
 * order in the page, so the phone's reading and keyboard order is the same either way. With
 * nothing in `aside` the main column sits alone in the middle (basket.css, `.columns`).
 */
export function columns(main, aside, kind = '') {
  return h('div', { class: kind ? `columns ${kind}` : 'columns' },
    h('div', { class: 'column-main' }, main),
    h('div', { class: 'column-aside' }, aside));
}

/**
 * Replaces `area`'s children, keeping focus (and a text field's caret) on the control that had
 * it: the one with the same `data-focus-key` in the new drawing.
 */
export function redraw(area, ...children) {
  const active = document.activeElement;
  const key = active && area.contains(active) ? active.dataset.focusKey : undefined;
  const caret = key && typeof active.selectionStart === 'number' ? [active.selectionStart, active.selectionEnd] : null;
  replaceChildren(area, ...children);
  if (!key) return;
  const again = area.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (!again) return;
  again.focus();
  if (caret && again.setSelectionRange) {
    try { again.setSelectionRange(...caret); } catch { /* not a text field */ }
  }
}
