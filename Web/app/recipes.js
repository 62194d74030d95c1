// The Recipes screen: hash routes #/recipes (the library and importing) and #/recipes/ID (the
// Recipe Ready review of a saved recipe). Every rule stays on the server: lines are re-read by
// /recipes/parse, scaled and planned by /recipes/review, added by /recipes/{id}/add.

import { ApiError, api, pairAgainIfUnpaired } from './api.js';
import { fileAsBase64, libraryJob, recipesApi, replaceLine, uploadLibrary } from './recipes-api.js';
import { PhotoSources } from './recipes-photos.js';
import { RecipesView } from './recipes-view.js';

/** The most photos of one recipe, and their largest total size (the server takes 24 MB of base64). */
const MAX_PHOTOS = 10;
const MAX_PHOTO_BYTES = 18 * 1024 * 1024;
/** The largest saved page the server takes (its recipe import body limit is about 8 MB). */
const MAX_FILE = 5 * 1024 * 1024;
/** The largest recipe library the server takes (RecipeLibraryLimits.uploadBytes). */
const MAX_LIBRARY = 64 * 1024 * 1024;
/** How often a library import's progress is asked for, in ms. */
const LIBRARY_POLL = 250;

export class Recipes {
  constructor({ onAdded = () => {} } = {}) {
    this.view = new RecipesView();
    this.onAdded = onAdded;
    this.library = {
      pasted: '', address: '', query: '', found: [], recent: [], all: [], removing: null, message: '', isError: false, busy: false,
      loaded: false, // the library has been read (until then, an empty one is not known to be)
    };
    // {recipe, servings, skip: Set, choose: {}, editing, review, result, message, photos, showing,
    //  added (in this visit), onList (the list holds items for it), confirming (asking before adding again)}
    this.ready = null;
    this.photos = null; // PhotoSources of the last photo import, while the page lives
    this.searchTimer = null;
    this.reviewing = 0; // the latest review asked for; older answers are dropped
    // Basket answers again: a library that could not be read is read now.
    window.addEventListener('basket:session', () => {
      if (this.library.loaded || this.ready || this.view.area.hidden) return;
      if (this.library.isError) Object.assign(this.library, { message: '', isError: false });
      this.loadLibrary();
    });
    // Escape goes back a step (review → library → list), unless a field is taking it.
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || this.view.area.hidden) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target && target.closest('input, textarea, select')) return;
      location.hash = location.hash.startsWith('#/recipes/') ? '#/recipes' : '#/';
    });
  }

  get area() {
    return this.view.area;
  }

  leave() {
    document.getElementById('recipes-link').focus();
  }

  /** Shows what the address names: the library (#/recipes) or one recipe (#/recipes/ID). */
  async enter(hash) {
    const id = decodeURIComponent(hash.slice('#/recipes/'.length));
    if (hash.startsWith('#/recipes/') && id) await this.openRecipe(id);
    else await this.openLibrary();
    document.getElementById('recipes-title')?.focus();
  }

  failure(error) {
    pairAgainIfUnpaired(error, () => this.view.show(false));
    return error instanceof ApiError ? error.message : 'Something went wrong.';
  }

  // MARK: Library

  async openLibrary() {
    this.ready = null;
    await this.loadLibrary();
  }

  async loadLibrary() {
    try {
      const [recent, all] = await Promise.all([recipesApi.recent(), recipesApi.all()]);
      this.library.recent = recent.recipes;
      this.library.all = all.recipes;
      if (this.library.query) this.library.found = (await recipesApi.search(this.library.query)).recipes;
      this.library.loaded = true;
    } catch (error) {
      this.library.message = this.failure(error);
      this.library.isError = true;
    }
    this.drawLibrary();
  }

  drawLibrary() {
    if (this.ready || this.view.area.hidden) return;
    this.view.library(this.library, this.libraryHandlers());
  }

  libraryHandlers() {
    const say = (message, isError = false) => Object.assign(this.library, { message, isError });
    const importing = async (work, what, files = null) => {
      this.library.busy = true;
      say(`Importing ${what}…`);
      this.drawLibrary();
      try {
        const answer = await work();
        const { recipe } = answer;
        if (files) this.photos = PhotoSources.from(answer, files);
        Object.assign(this.library, { busy: false, pasted: '', address: '' });
        say('');
        location.hash = `#/recipes/${encodeURIComponent(recipe.id)}`;
      } catch (error) {
        this.library.busy = false;
        say(this.failure(error), true);
        this.drawLibrary();
      }
    };
    return {
      onImportText: (text) => {
        if (!text.trim()) return this.drawLibrary(say('Paste a recipe first.', true));
        return importing(() => recipesApi.importText(text), 'the pasted recipe');
      },
      onImportFile: async (file) => {
        if (!file) return undefined;
        if (file.size > MAX_FILE) return this.drawLibrary(say(`${file.name} is larger than 5 MB.`, true));
        return importing(async () => recipesApi.importPage(await fileAsBase64(file)), file.name);
      },
      onImportPhotos: async (files) => {
        const photos = [...(files || [])];
        if (photos.length === 0) return undefined;
        if (photos.length > MAX_PHOTOS) return this.drawLibrary(say(`Choose at most ${MAX_PHOTOS} photos of one recipe.`, true));
        const total = photos.reduce((sum, file) => sum + file.size, 0);
        if (total > MAX_PHOTO_BYTES) return this.drawLibrary(say('Those photos are larger than 18 MB together: choose a smaller size in the camera or send fewer.', true));
        const what = photos.length === 1 ? 'the photo' : `${photos.length} photos`;
        return importing(async () => recipesApi.importPhotos(await Promise.all(photos.map(fileAsBase64))), what, photos);
      },
      onImportLibrary: async (file) => {
        if (!file) return;
        if (file.size > MAX_LIBRARY) {
          this.library.libraryImport = { name: file.name, phase: 'failed', error: `${file.name} is larger than 64 MB; import it on the command line (basket recipe import FILE).` };
          this.drawLibrary();
          return;
        }
        const job = { name: file.name, phase: 'uploading', fraction: 0, progress: null, summary: null, error: '' };
        this.library.libraryImport = job;
        this.drawLibrary();
        try {
          let state = await uploadLibrary(file, (fraction) => {
            job.fraction = fraction;
            this.drawLibrary();
          });
          job.phase = 'importing';
          while (state.state === 'running') {
            Object.assign(job, { fraction: state.progress.fraction, progress: state.progress });
            this.drawLibrary();
            await new Promise((resolve) => { setTimeout(resolve, LIBRARY_POLL); });
            state = await libraryJob(state.id);
          }
          if (state.state === 'failed') Object.assign(job, { phase: 'failed', error: state.error });
          else Object.assign(job, { phase: 'done', fraction: 1, summary: state.summary });
        } catch (error) {
          Object.assign(job, { phase: 'failed', error: this.failure(error) });
        }
        await this.loadLibrary();
      },
      onImportAddress: (url) => {
        if (!url.trim()) return this.drawLibrary(say('Give a web address first.', true));
        return importing(() => recipesApi.importAddress(url.trim()), url.trim());
      },
      onSearch: (query) => {
        this.library.query = query;
        clearTimeout(this.searchTimer);
        this.searchTimer = setTimeout(async () => {
          const asked = query.trim();
          if (!asked) {
            this.library.query = '';
            return this.drawLibrary();
          }
          try {
            const { recipes } = await recipesApi.search(asked);
            if (this.library.query.trim() !== asked) return undefined; // typed on meanwhile
            this.library.found = recipes;
          } catch (error) {
            say(this.failure(error), true);
          }
          return this.drawLibrary();
        }, 150);
      },
      onAskRemove: (summary) => {
        this.library.removing = summary.id;
        this.drawLibrary();
      },
      onRemove: async (summary) => {
        this.library.removing = null;
        try {
          await recipesApi.remove(summary.id);
          say(`Removed ${summary.title}.`);
        } catch (error) {
          say(this.failure(error), true);
        }
        await this.loadLibrary();
        document.getElementById('recipe-search')?.focus();
      },
    };
  }

  // MARK: Recipe Ready

  async openRecipe(id) {
    let recipe;
    let onList;
    try {
      [recipe, onList] = await Promise.all([recipesApi.open(id).then((answer) => answer.recipe), this.isOnTheList(id)]);
    } catch (error) {
      this.ready = null;
      Object.assign(this.library, { message: this.failure(error), isError: true });
      this.drawLibrary();
      return;
    }
    // Lines the core leaves out unless chosen (tap water, optional ones) start left out.
    const skip = new Set(recipe.ingredients.flatMap((line, index) => (line.leftOut ? [index] : [])));
    this.ready = {
      recipe, servings: recipe.servings || null, skip, choose: {}, overrides: {}, editing: null,
      review: null, result: null, message: '', isError: false, busy: false,
      added: false, onList, confirming: false,
      photos: this.photos && this.photos.recipeId === id ? this.photos : null, showing: new Set(),
    };
    this.drawReady();
    await this.review();
  }

  /** Whether an item on the list (to get) was asked for by the recipe `id`; false when unsure. */
  async isOnTheList(id) {
    try {
      const { list } = await api.list();
      return (list.toGet || []).some((item) => (item.recipes || []).some((recipe) => recipe.id === id));
    } catch {
      return false;
    }
  }

  drawReady() {
    if (this.ready) this.view.review(this.ready, this.readyHandlers());
  }

  /** Asks the server what adding would do now (scaled lines, planned merges). */
  async review() {
    const ready = this.ready;
    const asked = ++this.reviewing;
    try {
      const review = await recipesApi.review(ready.recipe, ready);
      if (asked !== this.reviewing || ready !== this.ready) return;
      ready.review = review;
      ready.isError = false;
    } catch (error) {
      if (ready !== this.ready) return;
      ready.message = this.failure(error);
      ready.isError = true;
    }
    this.drawReady();
  }

  readyHandlers() {
    const ready = this.ready;
    /** Runs `work` with the review busy and a refusal shown as its message; true once done. */
    const busy = async (work) => {
      ready.busy = true;
      this.drawReady();
      let done = false;
      try {
        await work();
        ready.message = '';
        done = true;
      } catch (error) {
        ready.message = this.failure(error);
        ready.isError = true;
      }
      ready.busy = false;
      this.drawReady();
      return done;
    };
    const changed = () => {
      ready.result = null;
      ready.confirming = false;
      this.drawReady();
      this.review();
    };
    return {
      onPhoto: (index) => {
        if (ready.showing.has(index)) ready.showing.delete(index);
        else ready.showing.add(index);
        this.drawReady();
      },
      onServings: (servings) => {
        ready.servings = Math.max(1, Math.min(1000, servings));
        changed();
      },
      onSkip: (index, skip) => {
        if (skip) ready.skip.add(index);
        else ready.skip.delete(index);
        changed();
      },
      onChoose: (index, alternative) => {
        if (alternative === null) delete ready.choose[index];
        else ready.choose[index] = alternative;
        changed();
      },
      onOverride: (index, value) => {
        if (value) ready.overrides[index] = value;
        else delete ready.overrides[index];
        changed();
      },
      onOpen: (index, open) => {
        ready.opened = ready.opened || new Set();
        if (open) ready.opened.add(index);
        else ready.opened.delete(index);
        this.drawReady();
      },
      onEdit: (index) => {
        ready.opened = ready.opened || new Set();
        ready.opened.add(index);
        ready.editing = index;
        ready.draft = null;
        this.drawReady();
        const input = this.view.area.querySelector('.line-edit');
        input?.focus();
        input?.select();
      },
      onEditCancel: (index) => {
        ready.editing = null;
        this.drawReady();
        this.view.area.querySelector(`[data-focus-key="text:${index}"]`)?.focus();
      },
      onEditCommit: async (index, value) => {
        if (ready.editing !== index) return;
        ready.editing = null;
        const text = value.trim();
        const old = ready.recipe.ingredients[index];
        if (!text || text === old.text) {
          if (!text) ready.message = "A line can't be empty, so it stays as it was.";
          this.drawReady();
          this.view.area.querySelector(`[data-focus-key="text:${index}"]`)?.focus();
          return;
        }
        try {
          const [line] = (await recipesApi.parse([text])).lines;
          let recipe = replaceLine(ready.recipe, index, line);
          if (recipe.id) recipe = (await recipesApi.save(recipe)).recipe;
          ready.recipe = recipe;
          delete ready.choose[index];
          if (line.leftOut) ready.skip.add(index);
          ready.message = `Read again: ${line.text}`;
          ready.isError = false;
        } catch (error) {
          // Nothing lost: the line stays open with what was typed.
          ready.message = this.failure(error);
          ready.isError = true;
          ready.editing = index;
          ready.draft = text;
          this.drawReady();
          this.view.area.querySelector('.line-edit')?.focus();
          return;
        }
        changed();
        this.view.area.querySelector(`[data-focus-key="text:${index}"]`)?.focus();
      },
      onCooked: async () => {
        await busy(async () => {
          const plan = await recipesApi.cooked(ready.recipe.id, ready);
          const taking = plan.lines.filter((line) => line.action === 'take').map((line) => line.index);
          ready.cooked = { plan, taking: new Set(taking), done: false };
        });
        this.view.area.querySelector('#cooked-title')?.focus();
      },
      onCookedLine: (index, take) => {
        if (take) ready.cooked.taking.add(index);
        else ready.cooked.taking.delete(index);
        this.drawReady();
      },
      onCookedCancel: () => {
        ready.cooked = null;
        this.drawReady();
        this.view.area.querySelector('#cooked-button')?.focus();
      },
      onCookedTake: async () => {
        await busy(async () => {
          const only = [...ready.cooked.taking].sort((a, b) => a - b);
          const plan = await recipesApi.cooked(ready.recipe.id, ready, true, only);
          ready.cooked = { plan, taking: new Set(only), done: true };
        });
        this.view.area.querySelector('#cooked-title')?.focus();
        this.review(); // coverage now reads the pantry as it is
      },
      onAdd: async (confirmed) => {
        if (!confirmed && (ready.added || ready.onList)) {
          // On the list already: ask first, and add nothing until "Add again".
          ready.confirming = true;
          this.drawReady();
          this.view.area.querySelector('#add-again-cancel')?.focus();
          return;
        }
        ready.confirming = false;
        const added = await busy(async () => {
          ready.result = await recipesApi.add(ready.recipe, ready);
          ready.added = true;
        });
        if (added) {
          this.view.area.querySelector('#result-title')?.focus();
          this.onAdded();
          this.review();
        }
      },
      onAddCancel: () => {
        ready.confirming = false;
        this.drawReady();
        this.view.area.querySelector('#add-recipe')?.focus();
      },
    };
  }
}
