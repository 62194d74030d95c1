// What the phone keeps between visits, in IndexedDB (works over plain HTTP too, where there is
// no service worker): the last list it saw, what it knows about names (emoji, unit pills,
// suggestion chips, usuals), the quantity rules, and the ordered queue of changes waiting for
// the server. Each queued change is its own record (keyed by its place in the queue), so two
// tabs never overwrite each other's; the server applies a change sent twice only once.
// Without IndexedDB (a private window that refuses it) everything still works for the visit.

const NAME = 'basket';
const VERSION = 1;

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export class PhoneStore {
  constructor() {
    this.db = null;
    this.memory = { kv: new Map(), ops: new Map() };
  }

  /** Opens the database; on failure the store keeps things in memory for this visit. */
  async open() {
    try {
      if (!('indexedDB' in globalThis)) return this;
      const open = indexedDB.open(NAME, VERSION);
      open.onupgradeneeded = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('kv')) db.createObjectStore('kv');
        if (!db.objectStoreNames.contains('ops')) db.createObjectStore('ops', { keyPath: 'seq' });
      };
      this.db = await request(open);
      this.db.onversionchange = () => this.db.close();
    } catch {
      this.db = null;
    }
    return this;
  }

  async run(storeName, mode, work) {
    if (!this.db) return work(null);
    try {
      const transaction = this.db.transaction(storeName, mode);
      const result = await work(transaction.objectStore(storeName));
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
      return result;
    } catch {
      return undefined;
    }
  }

  async get(key) {
    if (!this.db) return this.memory.kv.get(key);
    return this.run('kv', 'readonly', (store) => request(store.get(key)));
  }

  async put(key, value) {
    this.memory.kv.set(key, value);
    if (!this.db) return;
    await this.run('kv', 'readwrite', (store) => { store.put(value, key); });
  }

  /** The queued changes, oldest first: [{seq, op, list}] (`list`: the list's id, or null). */
  async queued() {
    if (!this.db) return [...this.memory.ops.values()].sort((a, b) => a.seq - b.seq);
    const all = await this.run('ops', 'readonly', (store) => request(store.getAll()));
    return (all || []).sort((a, b) => a.seq - b.seq);
  }

  async enqueue(entry) {
    const record = { seq: entry.seq, op: entry.op, list: entry.list || null };
    this.memory.ops.set(entry.seq, record);
    if (!this.db) return;
    await this.run('ops', 'readwrite', (store) => { store.put(record); });
  }

  async dequeue(seqs) {
    for (const seq of seqs) this.memory.ops.delete(seq);
    if (!this.db || !seqs.length) return;
    await this.run('ops', 'readwrite', (store) => { for (const seq of seqs) store.delete(seq); });
  }

  /** Rewrites queued changes (after the server merged an add into another item). */
  async rewrite(entries) {
    const record = (entry) => ({ seq: entry.seq, op: entry.op, list: entry.list || null });
    for (const entry of entries) this.memory.ops.set(entry.seq, record(entry));
    if (!this.db || !entries.length) return;
    await this.run('ops', 'readwrite', (store) => { for (const entry of entries) store.put(record(entry)); });
  }
}
