// The household's lists on the list screen: a row of tabs above To get (one tap shows another
// list; the page remembers it) and a sheet to make, rename, reorder and remove lists. Every
// rule is the server's (`/api/v3/lists`, the core's ListsRules); offline the tabs still switch
// between the lists the phone knows, and changes to the lists wait for the server.

import { api, ApiError } from './api.js';

const $ = (id) => document.getElementById(id);

/**
 * Where recipes, meal prep, the week's shop and trips put things: the lists the page knows
 * and the one chosen for that (null: the list shown). The other screens ask `targetList()`.
 */
const target = { lists: [], shown: null, chosen: null };

/** The list chosen for recipes and trips (its id), or null for the list shown. */
export function targetList() {
  return target.chosen && target.lists.some((list) => list.id === target.chosen) ? target.chosen : null;
}

/**
 * "On [Groceries ▾]": which list a recipe, a plan or a trip goes on, when the household has
 * more than one (else nothing). `id` names the select for its label.
 */
export function listPicker(id) {
  if (target.lists.length < 2) return null;
  const chosen = targetList() || target.shown || target.lists[0].id;
  const select = element('select', 'list-picker');
  select.id = id;
  for (const list of target.lists) {
    const option = element('option', '', list.name);
    option.value = list.id;
    option.selected = list.id === chosen;
    select.append(option);
  }
  select.addEventListener('change', () => { target.chosen = select.value; });
  const label = element('label', 'list-picker-label', 'On ');
  label.htmlFor = id;
  label.append(select);
  return label;
}

/** An element with `className` and text. */
function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export class ListsBar {
  /** `screen`: the list screen (sync.js): its store, `listId`, `switchList` and `toast`. */
  constructor(screen) {
    this.screen = screen;
    this.lists = [];
    this.removed = [];
    this.asked = 0; // how many reads of the lists were asked for
    this.latest = null; // the last read asked for
  }

  bind() {
    $('lists-tabs').addEventListener('click', (event) => {
      const tab = event.target.closest('[data-list]');
      if (tab) this.show(tab.dataset.list);
    });
    $('lists-edit').addEventListener('click', () => this.openSheet());
    $('lists-close').addEventListener('click', () => $('lists-dialog').close());
    $('lists-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.add();
    });
    $('lists-rows').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-action]');
      if (button) this.act(button.dataset.action, button.closest('[data-id]').dataset.id);
    });
    $('lists-rows').addEventListener('change', (event) => {
      const input = event.target.closest('input.list-name');
      if (input) this.rename(input.closest('[data-id]').dataset.id, input);
    });
  }

  /** The id of the list shown: the one the page chose, else the first. */
  get shownId() {
    return this.screen.sync.listId || (this.lists[0] && this.lists[0].id) || null;
  }

  /**
   * Reads the lists (the phone's copy when the server can't be reached) and draws the tabs.
   * When reads overlap, only the last one asked draws (an earlier one can answer after it),
   * and each ends when it has.
   */
  load() {
    this.latest = this.read(++this.asked);
    return this.latest;
  }

  /** The read numbered `asked`: it draws only if no read was asked for after it. */
  async read(asked) {
    try {
      const answer = await api.lists();
      if (asked !== this.asked) return this.latest;
      this.lists = answer.lists || [];
      this.removed = answer.removed || [];
      this.screen.sync.store.put('lists', answer);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) return;
      const kept = await this.screen.sync.store.get('lists');
      if (asked !== this.asked) return this.latest;
      if (kept) {
        this.lists = kept.lists || [];
        this.removed = kept.removed || [];
      }
    }
    // A list removed on another phone: show the first.
    if (this.screen.sync.listId && this.lists.length && !this.lists.some((list) => list.id === this.screen.sync.listId)) {
      const gone = this.removed.find((list) => list.id === this.screen.sync.listId);
      if (gone) this.screen.view.toast(`The list ${gone.name} was removed.`, { duration: 8000 });
      await this.screen.sync.switchList(null);
    }
    this.render();
  }

  /** The tabs: each list with what it has to get; the one shown pressed. */
  render() {
    target.lists = this.lists;
    target.shown = this.shownId;
    const tabs = $('lists-tabs');
    tabs.replaceChildren();
    const shown = this.shownId;
    for (const list of this.lists) {
      const tab = element('button', 'list-tab');
      tab.type = 'button';
      tab.dataset.list = list.id;
      tab.setAttribute('aria-pressed', String(list.id === shown));
      tab.append(element('span', 'list-tab-name', list.name));
      const count = list.id === shown && this.screen.sync.list ? this.screen.sync.list.toGet.length : list.toGet;
      if (count) tab.append(element('span', 'list-tab-count', String(count)));
      tabs.append(tab);
    }
    $('lists-bar').hidden = false;
  }

  /**
   * Shows list `id`, named by its id even when it is the first: should it be removed or moved
   * elsewhere, the phone notices rather than quietly showing whichever list is first then.
   */
  async show(id) {
    await this.screen.sync.switchList(id);
    this.render();
    // Another list has its own counts now: read them again (quietly, when offline).
    this.load();
  }

  openSheet() {
    this.renderSheet();
    $('lists-message').textContent = '';
    $('lists-dialog').showModal();
  }

  renderSheet() {
    const rows = $('lists-rows');
    rows.replaceChildren();
    this.lists.forEach((list, index) => {
      const row = element('li', 'list-row');
      row.dataset.id = list.id;
      const input = element('input', 'list-name');
      input.value = list.name;
      input.maxLength = 40;
      input.setAttribute('aria-label', `Name of the list ${list.name}`);
      const up = element('button', 'button small quiet', '↑');
      up.type = 'button';
      up.dataset.action = 'up';
      up.disabled = index === 0;
      up.setAttribute('aria-label', `Move ${list.name} up`);
      const remove = element('button', 'button small quiet', 'Remove');
      remove.type = 'button';
      remove.dataset.action = 'remove';
      remove.disabled = this.lists.length === 1;
      remove.setAttribute('aria-label', `Remove ${list.name}`);
      row.append(input, up, remove);
      rows.append(row);
    });
  }

  /** Runs a change to the lists on the server, then reads them again; says why one failed. */
  async change(body) {
    try {
      const result = await body();
      await this.load();
      this.renderSheet();
      return result;
    } catch (error) {
      $('lists-message').textContent = error instanceof ApiError && error.status === 0
        ? 'Lists can be changed when Basket can be reached.' : error.message;
      return null;
    }
  }

  async add() {
    const input = $('lists-new');
    const name = input.value.trim();
    if (!name) return;
    const made = await this.change(() => api.addList(name));
    if (!made) return;
    input.value = '';
    $('lists-message').textContent = `Added ${made.name}.`;
    await this.show(made.id);
    this.renderSheet();
  }

  async rename(id, input) {
    const list = this.lists.find((candidate) => candidate.id === id);
    const name = input.value.trim();
    if (!list || !name || name === list.name) {
      if (list) input.value = list.name;
      return;
    }
    const renamed = await this.change(() => api.changeList(id, { name }));
    if (!renamed) input.value = list.name;
  }

  async act(action, id) {
    const index = this.lists.findIndex((list) => list.id === id);
    if (index < 0) return;
    const list = this.lists[index];
    if (action === 'up') {
      await this.change(() => api.changeList(id, { position: index - 1 }));
      return;
    }
    if (action !== 'remove') return;
    const removed = await this.change(() => api.removeList(id));
    if (!removed) return;
    const items = list.toGet + list.gotIt;
    $('lists-dialog').close();
    if (this.shownId === id) await this.screen.sync.switchList(null);
    this.render();
    this.screen.view.toast(
      items ? `Removed ${list.name}: its ${items} ${items === 1 ? 'item waits' : 'items wait'} with it.` : `Removed ${list.name}.`,
      {
        duration: 10000,
        undo: async () => {
          this.screen.view.hideToast();
          const back = await this.change(() => api.restoreList(id));
          if (back) this.screen.view.toast(`${back.name} is back.`);
        },
      },
    );
  }
}
