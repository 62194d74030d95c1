// Draws the Recipes screen: the library (import, search, recents, all) and the Recipe Ready
// review. All recipe and page text goes in as text nodes (template.js), never as markup.

import { ScreenView, WIDE, columns, fileButton, h, searchForm, statusLine } from './template.js';
import { doubtFor, librarySummaryText, outcomeText, safeAddress, yieldsFor } from './recipes-api.js';
import { photoRegion } from './recipes-photos.js';
import { coverageBlock } from './coverage-view.js';
import { listPicker } from './lists.js';

/**
 * A Recipe Ready line's one status: "have it", "always have", "optional", "needs a look", or
 * what the list gets ("buy 1 bag (142 g)"), as the core decided it.
 */
export function lineStatus(plan, line, skipped, flag) {
  if (skipped) return { kind: 'left-out', text: line.leftOut || 'left out' };
  if (!plan) return { kind: 'waiting', text: '…' };
  if (plan.outcome === 'refused' || flag === 'uncertain') return { kind: 'look', text: 'needs a look' };
  if (plan.outcome === 'skipped') return line.leftOut ? { kind: 'have', text: 'always have' } : { kind: 'have', text: 'have it' };
  const coverage = plan.coverage;
  if (coverage && coverage.decisionText === 'skip') return { kind: 'have', text: 'have it' };
  // NB: what the list will buy (packs a shop sells, "1 bag (142 g)") before the pantry's
  // arithmetic, which counts in the recipe's own units.
  if (plan.buy) return { kind: 'buy', text: `buy ${plan.buy.text}` };
  if (coverage && coverage.decisionText) return { kind: 'buy', text: coverage.decisionText };
  const buy = plan.after || plan.amountText;
  return { kind: 'buy', text: buy ? `buy ${buy}` : 'buy some' };
}

export class RecipesView extends ScreenView {
  constructor() {
    super('recipes-area');
  }

  /** The message line at the top of the screen (errors and confirmations). */
  status(message, isError = false) {
    return statusLine('recipes', message, isError);
  }

  /** The screen's title; a screen inside another (Recipe Ready) leads back to it. */
  head(title, ui = {}) {
    return h('div', { class: 'recipes-head' },
      ui.backHref ? h('a', { class: 'button small quiet', href: ui.backHref, dataset: { focusKey: 'back' } }, ui.backText) : null,
      h('h2', { id: 'recipes-title', class: 'section-title', tabindex: '-1' }, title));
  }

  // MARK: Library

  library(state, ui) {
    const entry = (summary) => h('li', { class: 'recipe-entry' },
      h('a', { class: 'recipe-link', href: `#/recipes/${encodeURIComponent(summary.id)}` },
        h('span', { class: 'recipe-name' }, summary.title),
        h('span', { class: 'recipe-meta' }, [
          `${summary.ingredientCount} ${summary.ingredientCount === 1 ? 'ingredient' : 'ingredients'}`,
          summary.yields ? ` · ${summary.yields}` : '',
        ].join(''))),
      state.removing === summary.id
        ? h('button', {
            type: 'button', class: 'button small danger', dataset: { focusKey: `really:${summary.id}` },
            'aria-label': `Really remove ${summary.title}?`, onclick: () => ui.onRemove(summary),
          }, 'Really remove?')
        : h('button', {
            type: 'button', class: 'button small quiet', dataset: { focusKey: `remove:${summary.id}` },
            'aria-label': `Remove ${summary.title}`, onclick: () => ui.onAskRemove(summary),
          }, 'Remove'));
    const list = (id, title, summaries, empty) => h('section', { class: 'section', 'aria-labelledby': id },
      h('h3', { id, class: 'section-title small' }, title),
      summaries.length
        ? h('ul', { class: 'recipe-list', 'aria-labelledby': id }, summaries.map(entry))
        : h('p', { class: 'recipes-none' }, empty));

    const importCard =
      h('section', { class: 'card import', 'aria-labelledby': 'import-title' },
        h('h3', { id: 'import-title', class: 'section-title small' }, 'Import a recipe'),
        h('form', { class: 'import-form', onsubmit: (event) => { event.preventDefault(); ui.onImportText(event.target.elements.text.value); } },
          h('label', { for: 'import-text' }, 'Paste a recipe (title, ingredients, method)'),
          h('textarea', {
            id: 'import-text', name: 'text', rows: 6, maxlength: 200000, dataset: { focusKey: 'import-text' },
            oninput: (event) => { state.pasted = event.target.value; },
          }, state.pasted || ''),
          h('button', { type: 'submit', class: 'button small', disabled: state.busy }, 'Import text')),
        h('div', { class: 'import-form' },
          fileButton('Or choose a saved web page or text file', '📄 Choose a file', h('input', {
            id: 'import-file', type: 'file', accept: '.html,.htm,.txt,text/html,text/plain',
            dataset: { focusKey: 'import-file' }, onchange: (event) => ui.onImportFile(event.target.files[0]),
          }))),
        h('div', { class: 'import-form' },
          fileButton('Or take or choose photos of a recipe card (pages in order)', '📷 Photos of a card', h('input', {
            id: 'import-photos', type: 'file', accept: 'image/*', capture: 'environment', multiple: true,
            dataset: { focusKey: 'import-photos' }, onchange: (event) => ui.onImportPhotos(event.target.files),
          }))),
        this.libraryImport(state, ui),
        h('form', { class: 'import-form', onsubmit: (event) => { event.preventDefault(); ui.onImportAddress(event.target.elements.url.value); } },
          h('label', { for: 'import-url' }, 'Or give its web address'),
          h('div', { class: 'import-row' },
            h('input', {
              id: 'import-url', name: 'url', type: 'url', inputmode: 'url', placeholder: 'https://…', maxlength: 2000,
              value: state.address || '', dataset: { focusKey: 'import-url' },
              oninput: (event) => { state.address = event.target.value; },
            }),
            h('button', { type: 'submit', class: 'button small', disabled: state.busy }, 'Fetch'))));
    const library =
      h('section', { class: 'section', 'aria-labelledby': 'library-title' },
        h('h3', { id: 'library-title', class: 'section-title' }, 'Library'),
        searchForm('recipe-search', 'Search recipes by title or ingredient', 'Search by title or ingredient',
          state.query, ui.onSearch),
        state.query
          ? list('found-title', `Found for “${state.query}”`, state.found, 'No saved recipe matches.')
          : [
              // NB: only once the library is longer than the recent ones, or it says all twice.
              state.recent.length && state.all.length > state.recent.length ? list('recent-title', 'Recently opened', state.recent, '') : null,
              list('all-title', 'All recipes', state.all,
                state.loaded ? 'No recipes yet: import one above.' : 'Your recipes show here once Basket can be reached.'),
            ]);
    // NB: a household with recipes comes for them: the library first, importing below it.
    const hasRecipes = state.all.length > 0;
    this.draw(
      this.head('Recipes'),
      this.status(state.message, state.isError),
      hasRecipes ? columns(library, importCard) : columns(importCard, library));
  }

  /** Bringing a whole library from another app: the file, then its progress and summary. */
  libraryImport(state, ui) {
    const job = state.libraryImport;
    const running = job && (job.phase === 'uploading' || job.phase === 'importing');
    const picker = fileButton('Or bring all your recipes from Paprika, Nextcloud Cookbook or Mealie (their export file, or a zip of pages)', '📚 A recipe library', h('input', {
      id: 'import-library', type: 'file', accept: '.paprikarecipes,.zip,application/zip', disabled: running,
      dataset: { focusKey: 'import-library' }, onchange: (event) => ui.onImportLibrary(event.target.files[0]),
    }));
    if (!job) return h('div', { class: 'import-form' }, picker);
    const percent = Math.round((job.fraction || 0) * 100);
    const doing = job.phase === 'uploading' ? `Sending ${job.name}…` : `Reading ${job.name}…`;
    const counts = job.progress ? ` ${job.progress.imported} imported so far.` : '';
    const summary = job.summary;
    return h('div', { class: 'import-form library-import' },
      picker,
      running
        ? [
            h('progress', { id: 'library-progress', max: 100, value: percent, 'aria-label': doing }),
            h('p', { class: 'library-note', role: 'status' }, `${doing} ${percent} %.${counts}`),
          ]
        : null,
      job.phase === 'failed' ? h('p', { class: 'library-note error', role: 'alert' }, job.error) : null,
      summary
        ? h('div', { id: 'library-summary', class: 'library-summary', role: 'status' },
            h('p', { class: 'library-note' }, `${summary.source}: ${librarySummaryText(summary)}.`),
            summary.failed.length
              ? h('details', { class: 'library-failed' },
                  h('summary', {}, `Why ${summary.failed.length === 1 ? 'one was' : `${summary.failed.length} were`} not imported`),
                  h('ul', {}, summary.failed.map((failure) => h('li', {}, `${failure.title || failure.entry}: ${failure.reason}`))))
              : null)
        : null);
  }

  // MARK: Recipe Ready

  review(state, ui) {
    const { recipe, review, result } = state;
    const planned = review ? review.lines : [];
    const groups = [];
    let index = 0;
    for (const group of recipe.ingredientGroups) {
      const lines = group.ingredients.map(() => index++);
      groups.push({ heading: group.heading, lines });
    }
    const source = recipe.source ? safeAddress(recipe.source) : null;
    const servings = state.servings;
    const skipped = planned.filter((line) => line.outcome === 'skipped').length;
    this.draw(
      this.head(recipe.title, { backHref: '#/recipes', backText: '← Recipes' }),
      this.status(state.message, state.isError),
      this.doubtNotice(doubtFor(recipe)),
      h('p', { class: 'recipe-facts' },
        recipe.yields ? h('span', { id: 'recipe-yields' }, yieldsFor(recipe.yields, recipe.servings, servings)) : null,
        recipe.totalTime ? h('span', {}, `${recipe.totalTime} min`) : null,
        source ? h('a', { href: source, rel: 'noopener noreferrer', target: '_blank' }, 'Source') : null),
      columns([h('section', { class: 'card ready', 'aria-labelledby': 'ready-title' },
        h('h3', { id: 'ready-title', class: 'section-title small' }, 'Recipe Ready'),
        recipe.servings
          ? h('div', { class: 'stepper servings', role: 'group', 'aria-label': 'Servings' },
              h('button', {
                type: 'button', class: 'step', 'aria-label': 'Fewer servings', disabled: servings <= 1,
                dataset: { focusKey: 'fewer' }, onclick: () => ui.onServings(servings - 1),
              }, '−'),
              h('span', { class: 'amount', id: 'servings-count', 'aria-live': 'polite' }, `${servings} ${servings === 1 ? 'serving' : 'servings'}`),
              h('button', {
                type: 'button', class: 'step', 'aria-label': 'More servings', disabled: servings >= 1000,
                dataset: { focusKey: 'more' }, onclick: () => ui.onServings(servings + 1),
              }, '＋'))
          : h('p', { class: 'recipes-none' }, "This recipe doesn't say how many it serves, so it is added as written."),
        groups.map((group, number) => [
          group.heading ? h('h4', { class: 'group-heading' }, group.heading) : null,
          h('ul', { class: 'review-lines', 'aria-label': group.heading || (number ? `Ingredients ${number + 1}` : 'Ingredients') },
            group.lines.map((at) => this.reviewLine(state, recipe.ingredients[at], planned[at], at, ui))),
        ]),
        state.confirming ? this.addAgain(state, ui) : null,
        h('div', { class: 'ready-actions' },
          state.confirming ? null : listPicker('recipe-list'),
          state.confirming
            ? null
            : h('button', {
                type: 'button', id: 'add-recipe', class: 'button', disabled: state.busy || !review,
                dataset: { focusKey: 'add-recipe' }, onclick: () => ui.onAdd(false),
              }, state.added || state.onList
                ? 'Add again…'
                : `Add to list${planned.length ? ` (${planned.length - skipped} of ${planned.length})` : ''}`),
          review && review.pantry && recipe.id
            ? h('button', {
                type: 'button', id: 'cooked-button', class: 'button quiet', disabled: state.busy,
                dataset: { focusKey: 'cooked' }, onclick: () => ui.onCooked(),
              }, 'I cooked this')
            : null)),
      result ? this.result(result) : null,
      state.cooked ? this.cooked(state.cooked, state.busy, ui) : null],
      recipe.instructions && recipe.instructions.length
        // NB: beside the lines on a wide screen the method is open until it is closed.
        ? h('details', {
            class: 'card method', open: state.methodOpen ?? matchMedia(WIDE).matches,
            ontoggle: (event) => { state.methodOpen = event.target.open; },
          },
            h('summary', {}, 'Method'),
            h('ol', {}, recipe.instructions.map((step) => h('li', {}, step))))
        : null, 'reading'));
  }

  /** The notice over a recipe the reader is unsure of: why, then the page's text beside what was read. */
  doubtNotice(doubt) {
    if (!doubt) return null;
    return h('section', { class: 'card read-doubt', role: 'note', 'aria-labelledby': 'doubt-title' },
      h('h3', { id: 'doubt-title', class: 'section-title small' }, "Basket isn't sure it read this page right"),
      h('p', {}, `${doubt.reason} Check the lines against the page's own text before adding.`),
      h('details', {},
        h('summary', {}, "The page's text beside what was read"),
        h('div', { class: 'doubt-columns' },
          h('div', {}, h('h4', {}, "The page's text"), h('ol', { class: 'doubt-page' }, doubt.page.map((line) => h('li', {}, line)))),
          h('div', {}, h('h4', {}, 'What Basket read'), h('ol', { class: 'doubt-read' }, doubt.read.map((line) => h('li', {}, line)))))));
  }

  reviewLine(state, line, plan, index, ui) {
    const skipped = state.skip.has(index);
    const shown = plan ? plan.line : line;
    const flag = plan ? plan.flag : (line.uncertain ? 'uncertain' : null);
    const editing = state.editing === index;
    const name = shown.name || line.text;
    // One line per ingredient: tick, amount, name and one status; the line as written, its
    // editor, the pantry's arithmetic and its choice a tap away. A line that needs a look, or
    // one being edited, shows them at once.
    const open = editing || flag === 'uncertain' || (state.opened && state.opened.has(index));
    const status = lineStatus(plan, line, skipped, flag);
    const understood = h('span', { class: 'understood' },
      h('span', { class: 'line-amount' }, plan && plan.amountText ? plan.amountText : '—'),
      ' ',
      h('span', { class: 'line-name' }, name),
      shown.preparation ? h('span', { class: 'line-extra' }, `, ${shown.preparation}`) : null,
      shown.note ? h('span', { class: 'line-extra' }, ` (${shown.note})`) : null,
      flag === 'rounded' ? h('span', { class: 'tag warn' }, 'rounded') : null);
    const text = editing
      ? h('input', {
          type: 'text', class: 'line-edit', value: state.draft ?? line.text, maxlength: 500,
          'aria-label': `Edit the line “${line.text}”`, dataset: { focusKey: `edit:${index}` },
          onkeydown: (event) => {
            if (event.key === 'Enter') { event.preventDefault(); ui.onEditCommit(index, event.target.value); }
            if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); ui.onEditCancel(index); }
          },
          onblur: (event) => ui.onEditCommit(index, event.target.value),
        })
      : h('button', {
          type: 'button', class: 'line-text', 'aria-label': `Edit “${line.text}”`,
          dataset: { focusKey: `text:${index}` }, onclick: () => ui.onEdit(index),
        }, h('span', { class: 'written' }, line.text), h('span', { class: 'pencil', 'aria-hidden': 'true' }, ' ✎'));
    const choice = line.alternatives && line.alternatives.length
      ? h('label', { class: 'alternative' }, 'Use ',
          h('select', {
            'aria-label': `Use instead of ${line.name}`, dataset: { focusKey: `alt:${index}` },
            onchange: (event) => ui.onChoose(index, event.target.value === '' ? null : Number(event.target.value)),
          },
          h('option', { value: '', selected: state.choose[index] === undefined }, line.name || line.text),
          line.alternatives.map((alternative, at) => h('option', { value: at, selected: state.choose[index] === at }, alternative))))
      : null;
    // NB: what an add changes on the list is said only when it changes something there.
    const changes = plan && !['added', 'skipped'].includes(plan.outcome);
    return h('li', {
      class: `review-line${flag === 'uncertain' ? ' uncertain' : ''}${skipped ? ' skipped' : ''}${open ? ' open' : ''}`,
      dataset: { index },
    },
      h('input', {
        type: 'checkbox', class: 'include', id: `include-${index}`, checked: !skipped,
        'aria-label': `Add ${name}`, dataset: { focusKey: `include:${index}` },
        onchange: (event) => ui.onSkip(index, !event.target.checked),
      }),
      h('div', { class: 'line-body' },
        h('div', { class: 'line-main' },
          h('span', { class: 'line-what' },
            understood, ' ', h('span', { class: `line-status ${status.kind}` }, status.text)),
          h('button', {
            type: 'button', class: 'line-more', 'aria-expanded': open ? 'true' : 'false',
            'aria-controls': `line-details-${index}`, 'aria-label': `Details of ${name}`,
            dataset: { focusKey: `more:${index}` }, onclick: () => ui.onOpen(index, !open),
          }, open ? '▾' : '▸')),
        choice,
        changes ? h('p', { class: `plan ${plan.outcome}` }, outcomeText(plan)) : null,
        h('div', { class: 'line-details', id: `line-details-${index}`, hidden: !open },
          text,
          this.photoOf(state, line, index, ui),
          plan && !changes ? h('p', { class: `plan ${plan.outcome}` },
            plan.outcome === 'skipped' && !skipped ? 'Not added: you have it' : outcomeText(plan)) : null,
          plan ? coverageBlock(plan.coverage, {
            name, override: (state.overrides || {})[index] || '',
            onOverride: (value) => ui.onOverride(index, value), key: `override:${index}`,
          }) : null)));
  }

  /** For a doubted line of a photo import: its unsure words and the part of the photo it came from. */
  photoOf(state, line, index, ui) {
    const source = state.photos ? state.photos.doubted(index, line) : null;
    if (!source) return null;
    const showing = state.showing.has(index);
    const words = source.doubtfulWords.map((word) => `“${word}”`).join(', ');
    return h('div', { class: 'photo-source' },
      h('button', {
        type: 'button', class: 'photo-toggle', 'aria-expanded': String(showing),
        dataset: { focusKey: `photo:${index}` }, onclick: () => ui.onPhoto(index),
      }, showing ? 'Hide the photo' : 'See the photo'),
      words ? h('span', { class: 'line-extra' }, ` unsure of ${words}`) : null,
      showing ? photoRegion(state.photos, source, line.text) : null);
  }

  /** "I cooked this": what the recipe takes out of the pantry, each line to take chosen. */
  cooked({ plan, taking, done }, busy, ui) {
    const takes = plan.lines.filter((line) => line.action === 'take');
    const title = done
      ? (plan.entries.length ? `Took ${plan.entries.length} out of the pantry` : 'Nothing taken out of the pantry')
      : `Cooked ${plan.recipe.title}${plan.servings ? ` for ${plan.servings}` : ''}?`;
    return h('section', { class: 'card cooked', 'aria-labelledby': 'cooked-title' },
      h('h3', { id: 'cooked-title', class: 'section-title small', tabindex: '-1', dataset: { focusKey: 'cooked-title' } }, title),
      done
        ? h('ul', { class: 'cooked-lines' }, plan.entries.map((entry) => h('li', {}, `${entry.name}: ${entry.stock}`)))
        : h('ul', { class: 'cooked-lines' }, plan.lines.map((line) => (line.action === 'take'
          ? h('li', {}, h('label', {},
              h('input', {
                type: 'checkbox', checked: taking.has(line.index), dataset: { focusKey: `cooked:${line.index}` },
                onchange: (event) => ui.onCookedLine(line.index, event.target.checked),
              }), ` ${line.summary[0].toUpperCase()}${line.summary.slice(1)}`))
          : h('li', { class: 'cooked-left' }, `${line.summary[0].toUpperCase()}${line.summary.slice(1)}`)))),
      done
        ? h('button', { type: 'button', class: 'button small', onclick: () => ui.onCookedCancel() }, 'Done')
        : h('div', { class: 'ready-actions' },
            takes.length
              ? h('button', {
                  type: 'button', id: 'cooked-take', class: 'button', disabled: busy || taking.size === 0,
                  onclick: () => ui.onCookedTake(),
                }, `Take ${taking.size} out of the pantry`)
              : h('p', { class: 'recipes-none' }, 'Nothing in the pantry to take out.'),
            h('button', { type: 'button', class: 'button quiet', onclick: () => ui.onCookedCancel() }, 'Not now')));
  }

  /** Asks before a recipe already on the list goes on it again: nothing is added until "Add again". */
  addAgain(state, ui) {
    return h('div', {
      class: 'add-again', role: 'group', 'aria-labelledby': 'add-again-question',
      onkeydown: (event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        ui.onAddCancel();
      },
    },
      h('p', { id: 'add-again-question', class: 'add-again-question' },
        `${state.recipe.title} is already on the list. Add its amounts again?`),
      h('div', { class: 'ready-actions' },
        h('button', {
          type: 'button', id: 'add-again', class: 'button', disabled: state.busy || !state.review,
          dataset: { focusKey: 'add-again' }, onclick: () => ui.onAdd(true),
        }, 'Add again'),
        h('button', {
          type: 'button', id: 'add-again-cancel', class: 'button quiet',
          dataset: { focusKey: 'add-again-cancel' }, onclick: () => ui.onAddCancel(),
        }, 'Cancel')));
  }

  result(result) {
    const count = (outcome) => result.lines.filter((line) => line.outcome === outcome).length;
    // New and merged always; brought back from Got it and refused only when there are some.
    const parts = [
      [count('added'), 'new', true], [count('merged'), 'merged', true],
      [count('restored'), 'back from Got it', false], [count('refused'), 'not added', false],
    ].filter(([number, , always]) => always || number > 0).map(([number, what]) => `${number} ${what}`);
    const onList = count('added') + count('merged') + count('restored') > 0;
    const title = onList ? `On the list: ${parts.join(', ')}` : 'Nothing added to the list';
    const done = result.lines.filter((line) => line.outcome !== 'skipped');
    return h('section', { class: 'card result', 'aria-labelledby': 'result-title' },
      h('h3', { id: 'result-title', class: 'section-title small', tabindex: '-1', dataset: { focusKey: 'result-title' } }, title),
      done.length
        ? h('ul', { class: 'result-lines' }, done.map((line) => h('li', { class: `plan ${line.outcome}` }, outcomeText(line))))
        : null,
      h('a', { id: 'see-the-list', class: 'button small', href: '#/' }, 'See the list'));
  }
}
