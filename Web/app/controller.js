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
    // NB: who we are is asked while the phone's copy is read: a slow read (a busy phone) then
    // doesn't hold the question back, and the server's patience runs from the opening.
    const asked = this.ask();
    await this.load(rules);
    window.addEventListener('online', () => this.sync.retry());
    window.addEventListener('offline', () => {
      // NB: the browser says the network is gone: its open stream may not notice for minutes.
      if (this.changes) this.changes.close();
      this.sync.net.live = false;
      this.sync.unreachable();
    });
    await this.connect(asked);
  }

  /** What the phone kept from its last visit: the list, the queue, names, rules. */
  async load(rulesLoading) {
    await Promise.all([this.sync.store.open(), rulesLoading]);
    this.sync.listId = (await this.sync.store.get('shown-list')) || null;
    showList(this.sync.listId);
    const [list, queued, rules, lexicon, words, usuals] = await Promise.all([
      this.sync.store.get(this.sync.listKey()), this.sync.store.queued(), this.sync.store.get('rules'), this.sync.store.get('lexicon'),
      this.sync.store.get('words'), this.sync.store.get('usuals'),
    ]);
    this.sync.server = list || null;
    this.sync.outbox = new Outbox(queued || []);
    if (rules) this.sync.rules = new QuantityRules(rules);
    if (lexicon) this.sync.context.lexicon = new Lexicon(lexicon);
    this.sync.words = words || [];
    this.sync.usuals = usuals || [];
    const offset = await this.sync.store.get('offset');
    if (typeof offset === 'number') this.sync.serverOffset = offset;
    this.sync.recompute();
    // A phone that has been here before shows its list at once, whatever the network does.
    if (list || this.sync.outbox.size) {
      this.view.showList();
      this.render();
      performance.mark('basket:list-shown');
    }
  }

  /**
   * Asks the server who we are (or takes `asked`, a question already under way); offline,
   * opens on what the phone kept.
   */
  connect(asked = null) {
    if (!this.connecting) {
      this.connecting = this.introduce(asked || this.ask()).finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  /** The question who we are, sent now: its answer to come, and when it was asked. */
  ask() {
    const answer = api.session();
    answer.catch(() => {}); // NB: answered in introduce(); meanwhile a failure is not unhandled
    return { answer, at: performance.now() };
  }

  async introduce({ answer, at }) {
    const params = new URLSearchParams(location.search);
    let session;
    // A server that is gone, hanging or slow: the phone's list, said to be offline, within a
    // second of opening; the answer, if it comes, carries on from there. NB: the patience
    // counts from the asking, so an answer that came while the phone's copy was read wins.
    const slow = setTimeout(() => {
      if (!this.entered) this.openOffline();
    }, Math.max(0, OPENING_PATIENCE - (performance.now() - at)));
    try {
      session = await answer;
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
    if (!this.sync.rules) this.sync.rules = new QuantityRules(defaultRules());
    this.render();
    this.sync.unreachable();
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
      this.sync.rules = new QuantityRules(rules);
      this.sync.store.put('rules', rules);
    } catch (error) {
      if (!this.sync.rules) this.sync.rules = new QuantityRules(defaultRules());
      this.sync.fail(error);
    }
    await this.sync.refresh();
    this.listsBar.load();
    this.sync.drain();
    if (this.walking.on) this.walking.load();
    if (this.watching) return;
    this.watching = true;
    this.changes = watchChanges({
      hello: (revision) => this.sync.catchUp(revision),
      change: (notice) => this.sync.caughtUp(notice),
      state: (state) => {
        this.sync.net.live = state === 'live';
        if (state === 'live') {
          this.sync.reachable();
          this.sync.drain();
        } else {
          this.sync.catchUp(); // is it the stream, or is the server gone?
        }
        this.sync.showStatus();
      },
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.sync.retry();
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
