// Opens the page: what the phone kept from its last visit, who we are (the pairing form, or
// the list), the address's `?paired`, `?pairing` and `?add`, and the network's comings and
// goings. The list screen is `ListScreen` (list.js), the queue and the connection `ListSync`
// (sync.js); the other screens route themselves by the address's hash (recipes.js, …).

import { api, ApiError, showList, watchChanges } from './api.js';
import { QuantityRules } from './model.js';
import { Lexicon, Outbox, defaultRules } from './offline.js';
import { ListScreen } from './list.js';
import { ListsBar } from './lists.js';

const $ = (id) => document.getElementById(id);

/** How long the page waits for the server before it opens on the phone's own copy, in ms. */
const OPENING_PATIENCE = 450;

export class Controller extends ListScreen {
  // MARK: Start

  async start({ coldStart, rules }) {
    if (coldStart) this.view.flourish();
    this.bindStatic();
    await this.load(rules);
    window.addEventListener('online', () => this.retry());
    window.addEventListener('offline', () => {
      // NB: the browser says the network is gone: its open stream may not notice for minutes.
      if (this.changes) this.changes.close();
      this.net.live = false;
      this.unreachable();
    });
    await this.connect();
  }

  /** What the phone kept from its last visit: the list, the queue, names, rules. */
  async load(rulesLoading) {
    await Promise.all([this.store.open(), rulesLoading]);
    this.listId = (await this.store.get('shown-list')) || null;
    showList(this.listId);
    const [list, queued, rules, lexicon, words, usuals] = await Promise.all([
      this.store.get(this.listKey()), this.store.queued(), this.store.get('rules'), this.store.get('lexicon'),
      this.store.get('words'), this.store.get('usuals'),
    ]);
    this.server = list || null;
    this.outbox = new Outbox(queued || []);
    if (rules) this.rules = new QuantityRules(rules);
    if (lexicon) this.context.lexicon = new Lexicon(lexicon);
    this.words = words || [];
    this.usuals = usuals || [];
    const offset = await this.store.get('offset');
    if (typeof offset === 'number') this.serverOffset = offset;
    this.recompute();
    // A phone that has been here before shows its list at once, whatever the network does.
    if (list || this.outbox.size) {
      this.view.showList();
      this.render();
      performance.mark('basket:list-shown');
    }
  }

  /** Asks the server who we are; offline, opens on what the phone kept. */
  connect() {
    if (!this.connecting) {
      this.connecting = this.introduce().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  async introduce() {
    const params = new URLSearchParams(location.search);
    let session;
    // A server that is gone, hanging or slow: the phone's list, said to be offline, within a
    // second of opening; the answer, if it comes, carries on from there.
    const slow = setTimeout(() => {
      if (!this.entered) this.openOffline();
    }, OPENING_PATIENCE);
    try {
      session = await api.session();
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        this.openOffline();
        return;
      }
      this.view.toast(error.message);
      return;
    } finally {
      clearTimeout(slow);
    }
    window.dispatchEvent(new CustomEvent('basket:session', { detail: session }));
    if (session.mode === 'secret' && !session.paired) {
      const reason = params.get('pairing');
      this.view.showPairing(reason === 'wrong' ? 'That link or secret is not right.'
        : reason === 'wait' ? 'Too many tries. Wait a minute, then try again.' : '');
      return;
    }
    await this.enter(params);
  }

  /** The server can't be reached: the list the phone last saw, every control working. */
  openOffline() {
    this.view.showList();
    this.listsBar.load();
    if (!this.rules) this.rules = new QuantityRules(defaultRules());
    this.render();
    this.unreachable();
    // NB: a User Timing mark: how long opening took with no server, for the tests and anyone
    // measuring (the page's clock starts as it is opened).
    if (!performance.getEntriesByName('basket:offline').length) performance.mark('basket:offline');
  }

  async enter(params) {
    this.entered = true;
    this.view.showList();
    this.render();
    if (params.has('paired')) this.view.toast('Paired! This phone can use the list now.');
    if (params.has('paired') || params.has('pairing')) history.replaceState(null, '', '/');
    try {
      const rules = await api.rules();
      this.rules = new QuantityRules(rules);
      this.store.put('rules', rules);
    } catch (error) {
      if (!this.rules) this.rules = new QuantityRules(defaultRules());
      this.fail(error);
    }
    await this.refresh();
    this.listsBar.load();
    this.drain();
    if (this.walking.on) this.walking.load();
    if (this.watching) return;
    this.watching = true;
    this.changes = watchChanges({
      hello: (revision) => this.catchUp(revision),
      change: (notice) => this.caughtUp(notice),
      state: (state) => {
        this.net.live = state === 'live';
        if (state === 'live') {
          this.reachable();
          this.drain();
        } else {
          this.catchUp(); // is it the stream, or is the server gone?
        }
        this.showStatus();
      },
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.retry();
    });
    if (params.has('add')) $('add-input').focus();
  }

  bindStatic() {
    this.listsBar = new ListsBar(this);
    this.listsBar.bind();
    $('pair-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        await api.pair($('pair-secret').value);
        $('pair-secret').value = '';
        await this.enter(new URLSearchParams('paired'));
      } catch (error) {
        $('pair-error').textContent = error.message;
      }
    });
    this.bindList();
  }
}
