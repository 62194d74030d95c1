// The Pantry screen at #/pantry: what the household has at home. Barcodes are typed, read by
// the phone's camera where the browser has `BarcodeDetector`, or sent as a photo for the
// server's zbar to read. Every rule stays on the server (WebApp+Pantry.swift).

import { ApiError, pairAgainIfUnpaired } from './api.js';
import { pantryApi, staplesApi } from './pantry-api.js';
import { addedText, detectorFormats } from './pantry-model.js';
import { PantryView } from './pantry-view.js';
import { fileAsBase64 } from './recipes-api.js';

/** The largest photo of a barcode sent (the server takes 24 MB of base64). */
const MAX_PHOTO_BYTES = 18 * 1024 * 1024;
/** How often the camera's picture is searched for a barcode, in ms. */
const DETECT_EVERY = 250;

/** Packages as typed: a number when it reads as one, else the text (the server says why not). */
function packagesField(typed) {
  const text = typed.trim();
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

const emptyDraft = () => ({ name: '', packages: '', packageSize: '', left: '', barcode: '', note: '' });

export class Pantry {
  constructor() {
    this.view = new PantryView();
    this.state = {
      entries: [], query: '', found: [], message: '', isError: false, busy: false,
      code: '', codeError: '', scan: null, scanName: '', camera: false,
      draft: emptyDraft(), moreOpen: false,
      editing: null, editDraft: null, using: null, removing: null,
      staples: [], staplesSuggested: false, stapleDraft: '',
      loaded: false, // the pantry has been read (until then, an empty one is not known to be)
    };
    this.searchTimer = null;
    this.camera = null; // {stream, timer}
    this.video = null;
    this.ui = this.handlers();
    // A change anywhere (another phone, the command line) moves the list's revision: the
    // screen reads the pantry again.
    this.revision = null;
    this.reloadTimer = null;
    // Basket answers again: a screen that could not read the pantry reads it now.
    window.addEventListener('basket:session', () => {
      if (this.state.loaded || this.state.busy || this.view.area.hidden) return;
      if (this.state.isError) this.say('');
      this.load();
    });
    document.addEventListener('basket:list', (event) => {
      const list = event.detail && event.detail.list;
      if (!list || list.revision === this.revision) return;
      this.revision = list.revision;
      if (this.view.area.hidden) return;
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => {
        if (!this.state.busy && !this.view.area.hidden) this.load();
      }, 300);
    });
    // Escape goes back to the list, unless a field is taking it.
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || this.view.area.hidden) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target && target.closest('input, textarea, select')) return;
      location.hash = '#/';
    });
  }

  get area() {
    return this.view.area;
  }

  /** The screen is shown (app.js's router has given it the page). */
  async enter() {
    this.draw();
    document.getElementById('pantry-title')?.focus();
    await this.load();
  }

  /** The router hands the page to another screen, or (`toList`) back to the list. */
  leave({ toList }) {
    this.stopCamera();
    if (toList) document.getElementById('pantry-link').focus();
  }

  draw() {
    if (!this.view.area.hidden) this.view.screen(this.state, this.ui);
  }

  say(message, isError = false) {
    Object.assign(this.state, { message, isError });
  }

  failure(error) {
    pairAgainIfUnpaired(error, () => this.view.show(false));
    return error instanceof ApiError ? error.message : 'Something went wrong.';
  }

  async load() {
    try {
      this.state.entries = (await pantryApi.list()).entries;
      this.took(await staplesApi.list());
      const asked = this.state.query.trim();
      if (asked) this.state.found = (await pantryApi.search(asked)).entries;
      this.state.loaded = true;
    } catch (error) {
      this.say(this.failure(error), true);
    }
    this.draw();
  }

  /** The always-have list as the server answered it. */
  took(answer) {
    this.state.staples = answer.staples;
    this.state.staplesSuggested = answer.suggested;
  }

  /** Runs a change, says how it went, and reads the pantry again. */
  async change(work, done) {
    this.state.busy = true;
    this.draw();
    let ok = false;
    try {
      const result = await work();
      this.say(done(result));
      ok = true;
    } catch (error) {
      this.say(this.failure(error), true);
    }
    this.state.busy = false;
    await this.load();
    return ok;
  }

  /** What a look-up or scan found: offered in the barcode card. */
  found(result) {
    Object.assign(this.state, { scan: result, scanName: '', code: result.code, codeError: '' });
    this.say('');
    this.draw();
    const next = this.view.area.querySelector(result.status === 'unknown' ? '#scan-name' : '#scan-add');
    next?.focus();
  }

  async lookUp(text) {
    const code = text.trim();
    if (!code) {
      this.state.codeError = 'Type the digits under the barcode first.';
      this.draw();
      return;
    }
    try {
      this.found(await pantryApi.lookUp(code));
    } catch (error) {
      Object.assign(this.state, { scan: null, codeError: this.failure(error) });
      this.draw();
    }
  }

  handlers() {
    const state = this.state;
    return {
      hasCamera: 'BarcodeDetector' in window && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia),
      onLookUp: (text) => this.lookUp(text),
      onPhoto: async (file) => {
        if (!file) return;
        if (file.size > MAX_PHOTO_BYTES) {
          this.say(`${file.name} is larger than 18 MB: choose a smaller size in the camera.`, true);
          this.draw();
          return;
        }
        state.busy = true;
        this.say('Reading the barcode…');
        this.draw();
        try {
          const result = await pantryApi.scan(await fileAsBase64(file), file.name);
          state.busy = false;
          this.found(result);
        } catch (error) {
          state.busy = false;
          Object.assign(state, { scan: null });
          this.say(this.failure(error), true);
          this.draw();
        }
      },
      onAddScanned: async (name) => {
        const scan = state.scan;
        if (!scan) return;
        if (scan.status === 'unknown' && !name.trim()) {
          this.say('Give the product a name: Basket has no product database, and remembers the name for this code.', true);
          this.draw();
          return;
        }
        const fields = scan.status === 'unknown' ? { name, barcode: scan.code } : { barcode: scan.code };
        const ok = await this.change(() => pantryApi.add(fields), addedText);
        if (ok) {
          Object.assign(state, { scan: null, code: '', scanName: '' });
          this.draw();
          document.getElementById('barcode-input')?.focus();
        }
      },
      onAddStaple: async () => {
        const name = state.stapleDraft.trim();
        if (!name) return;
        const ok = await this.change(async () => this.took(await staplesApi.add(name)),
          () => `${name} is on the always-have list: recipes leave it off the list.`);
        if (ok) {
          state.stapleDraft = '';
          this.draw();
          document.getElementById('staple-input')?.focus();
        }
      },
      onRemoveStaple: async (name) => {
        await this.change(async () => this.took(await staplesApi.remove(name)),
          () => `${name} is off the always-have list: recipes put it on the list again.`);
        document.getElementById('staple-input')?.focus();
      },
      onCamera: () => this.startCamera(),
      onCameraStop: () => {
        this.stopCamera();
        this.draw();
      },
      onAdd: async () => {
        const draft = state.draft;
        if (!draft.name.trim() && !draft.barcode.trim()) {
          this.say('Give a name to add.', true);
          this.draw();
          document.getElementById('pantry-name')?.focus();
          return;
        }
        const fields = {};
        // The server reads what was typed as the list does: "3 onions", "2 x 400 g tomatoes".
        if (draft.name.trim()) fields.text = draft.name;
        if (draft.barcode.trim()) fields.barcode = draft.barcode;
        if (draft.packages.trim()) fields.packages = packagesField(draft.packages);
        if (draft.packageSize.trim()) fields.packageSize = draft.packageSize;
        if (draft.left.trim()) fields.left = draft.left;
        if (draft.note.trim()) fields.note = draft.note;
        const ok = await this.change(() => pantryApi.add(fields), addedText);
        if (ok) {
          state.draft = emptyDraft();
          this.draw();
          document.getElementById('pantry-name')?.focus();
        }
      },
      onSearch: (query) => {
        state.query = query;
        clearTimeout(this.searchTimer);
        this.searchTimer = setTimeout(async () => {
          const asked = query.trim();
          if (!asked) {
            state.query = '';
            this.draw();
            return;
          }
          try {
            const { entries } = await pantryApi.search(asked);
            if (state.query.trim() !== asked) return; // typed on meanwhile
            state.found = entries;
          } catch (error) {
            this.say(this.failure(error), true);
          }
          this.draw();
        }, 150);
      },
      onEdit: (entry) => {
        Object.assign(state, {
          editing: entry.id, using: null, removing: null,
          editDraft: {
            name: entry.name, packages: String(entry.packages),
            packageSize: entry.packageSize ? entry.packageSize.text : '', left: entry.left ? entry.left.text : '',
            barcode: entry.barcode || '', note: entry.note || '',
          },
        });
        this.draw();
        this.view.area.querySelector(`#edit-name-${CSS.escape(entry.id)}`)?.focus();
      },
      onEditCancel: (entry) => {
        state.editing = null;
        this.draw();
        this.focusEntry(entry, 'edit');
      },
      onSave: async (entry) => {
        const draft = state.editDraft;
        const text = (value) => (value.trim() ? value.trim() : null);
        const fields = {};
        if (draft.name.trim() !== entry.name) fields.name = draft.name;
        if (draft.packages.trim() !== String(entry.packages)) fields.packages = packagesField(draft.packages);
        if (text(draft.packageSize) !== (entry.packageSize ? entry.packageSize.text : null)) fields.packageSize = text(draft.packageSize);
        if (text(draft.left) !== (entry.left ? entry.left.text : null)) fields.left = text(draft.left);
        if (text(draft.barcode) !== (entry.barcode || null)) fields.barcode = text(draft.barcode);
        if (text(draft.note) !== (entry.note || null)) fields.note = text(draft.note);
        if (Object.keys(fields).length === 0) {
          state.editing = null;
          this.draw();
          this.focusEntry(entry, 'edit');
          return;
        }
        // Nothing lost on a refusal: the form stays open with what was typed.
        const ok = await this.change(() => pantryApi.edit(entry.id, fields), ({ entry: saved }) => `Changed ${saved.name}: ${saved.stock}.`);
        if (ok) {
          state.editing = null;
          this.draw();
          this.focusEntry(entry, 'edit');
        }
      },
      onUseStart: (entry) => {
        Object.assign(state, { using: entry.id, useAmount: '', editing: null, removing: null });
        this.draw();
        this.view.area.querySelector(`#use-${CSS.escape(entry.id)}`)?.focus();
      },
      onUseCancel: (entry) => {
        state.using = null;
        this.draw();
        this.focusEntry(entry, 'use');
      },
      onUse: async (entry, amount) => {
        if (amount !== null && !amount.trim()) {
          this.say(`Say how much ${entry.name} to take (such as 200 g), or choose “All of it”.`, true);
          this.draw();
          return;
        }
        const ok = await this.change(
          () => pantryApi.use(entry.id, amount === null ? null : amount.trim()),
          (result) => (result.taken
            ? `Took ${result.taken.text} of ${result.entry.name}: ${result.entry.stock}.${result.ranOut ? ' (More than the pantry had: it is used up now.)' : ''}`
            : `${result.entry.name} is used up.`));
        if (ok) {
          state.using = null;
          this.draw();
          this.focusEntry(entry, 'use');
        }
      },
      onAskRemove: (entry) => {
        Object.assign(state, { removing: entry.id, editing: null, using: null });
        this.draw();
        this.view.area.querySelector(`[data-focus-key="really:${CSS.escape(entry.id)}"]`)?.focus();
      },
      onRemove: async (entry) => {
        state.removing = null;
        await this.change(() => pantryApi.remove(entry.id), ({ entry: gone }) => (gone.barcode
          ? `Removed ${gone.name} from the pantry (its code ${gone.barcode} keeps the name).`
          : `Removed ${gone.name} from the pantry.`));
        document.getElementById('pantry-search')?.focus();
      },
    };
  }

  focusEntry(entry, key) {
    this.view.area.querySelector(`[data-focus-key="${key}:${CSS.escape(entry.id)}"]`)?.focus();
  }

  // MARK: Camera (BarcodeDetector)

  async startCamera() {
    if (this.camera) return;
    let formats;
    try {
      formats = detectorFormats(await window.BarcodeDetector.getSupportedFormats());
    } catch {
      formats = [];
    }
    if (!formats.length) {
      this.say("This browser's barcode reader doesn't read product codes: type the digits, or take a photo.", true);
      this.draw();
      return;
    }
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch {
      this.say("The camera couldn't be opened (is it allowed for this page?): type the digits, or take a photo.", true);
      this.draw();
      return;
    }
    const detector = new window.BarcodeDetector({ formats });
    this.video = this.video || Object.assign(document.createElement('video'), { muted: true, playsInline: true, id: 'camera-video' });
    this.video.setAttribute('aria-label', 'The camera’s picture');
    this.video.srcObject = stream;
    this.camera = { stream, timer: null };
    this.ui.video = this.video;
    this.state.camera = true;
    this.say('');
    this.draw();
    const look = async () => {
      if (!this.camera) return;
      let codes = [];
      try {
        if (this.video.readyState >= 2) codes = await detector.detect(this.video);
      } catch {
        codes = [];
      }
      if (!this.camera) return;
      if (codes.length) {
        this.stopCamera();
        await this.lookUp(codes[0].rawValue);
        return;
      }
      this.camera.timer = setTimeout(look, DETECT_EVERY);
    };
    look();
  }

  stopCamera() {
    if (!this.camera) return;
    clearTimeout(this.camera.timer);
    for (const track of this.camera.stream.getTracks()) track.stop();
    this.camera = null;
    if (this.video) this.video.srcObject = null;
    this.state.camera = false;
  }
}
