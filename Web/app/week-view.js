// Draws the Week screen: the week's days with their meals (each with its servings and a way
// off), a form that puts a saved recipe on a day, and the shop of the week, reviewed as Meal
// Prep's plan (plan-review-view.js). Text goes in as text nodes (template.js).

import { ScreenView, columns, h, screenHead } from './template.js';
import { planResult, planReview } from './plan-review-view.js';

/** "6 – 12 Jul 2026", "29 Jun – 5 Jul 2026", "28 Dec 2026 – 3 Jan 2027". */
export function weekLabel(from, to) {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const end = `${td} ${months[tm - 1]} ${ty}`;
  if (fy !== ty) return `${fd} ${months[fm - 1]} ${fy} – ${end}`;
  if (fm !== tm) return `${fd} ${months[fm - 1]} – ${end}`;
  return `${fd} – ${end}`;
}

/** "Monday 6 Jul": a day of the week's JSON. */
export function dayName(day) {
  return `${day.weekday} ${day.label.slice(4)}`;
}

/** The days the week's shop covers: the days chosen, or the whole week. */
export function shopDays(state) {
  const { week, shopFrom, shopTo } = state;
  const inWeek = (date) => week.days.some((day) => day.date === date);
  const from = inWeek(shopFrom) ? shopFrom : week.from;
  const to = inWeek(shopTo) && shopTo >= from ? shopTo : week.to;
  return { from, to };
}

/** "Mon 30 Nov" for one day, "Wed 2 Dec to Fri 4 Dec" for several. */
export function shopLabel(week, from, to) {
  const label = (date) => week.days.find((day) => day.date === date).label;
  return from === to ? label(from) : `${label(from)} to ${label(to)}`;
}

export class WeekView extends ScreenView {
  constructor() {
    super('week-area');
  }

  /** Draws the screen for `state`, its controls calling `ui`. */
  draw(state, ui) {
    super.draw(...this.screen(state, ui));
  }

  screen(state, ui) {
    const week = state.week;
    return [
      ...screenHead('week', 'Week', state.message, state.isError),
      week ? this.pager(week, ui) : null,
      week
        ? columns([this.addCard(state, ui), this.days(state, ui)], [this.shopCard(state, ui)])
        : null,
    ];
  }

  pager(week, ui) {
    const current = week.days.some((day) => day.isToday);
    return h('div', { class: 'week-pager', role: 'group', 'aria-label': 'Which week' },
      h('button', {
        type: 'button', class: 'button small quiet', 'aria-label': 'The week before',
        dataset: { focusKey: 'week-previous' }, onclick: () => ui.onWeek(week.previous),
      }, '‹ Before'),
      h('p', { id: 'week-range', class: 'week-range' }, weekLabel(week.from, week.to)),
      h('button', {
        type: 'button', class: 'button small quiet', 'aria-label': 'The week after',
        dataset: { focusKey: 'week-next' }, onclick: () => ui.onWeek(week.next),
      }, 'After ›'),
      current ? null : h('button', {
        type: 'button', class: 'button small', dataset: { focusKey: 'week-this' },
        onclick: () => ui.onWeek(null),
      }, 'This week'));
  }

  addCard(state, ui) {
    const { form, recipes, week } = state;
    if (!recipes.length) {
      return h('section', { class: 'card week-add', 'aria-labelledby': 'week-add-title' },
        h('h3', { id: 'week-add-title', class: 'section-title small' }, 'Plan a meal'),
        h('p', { class: 'recipes-none' }, 'No recipes yet: ',
          h('a', { href: '#/recipes' }, 'import some on the Recipes screen'), ', then plan them here.'));
    }
    return h('section', { class: 'card week-add', 'aria-labelledby': 'week-add-title' },
      h('h3', { id: 'week-add-title', class: 'section-title small' }, 'Plan a meal'),
      h('form', {
        id: 'week-form', class: 'week-form', novalidate: true,
        onsubmit: (event) => { event.preventDefault(); ui.onAdd(); },
      },
        h('div', { class: 'week-field' }, h('label', { for: 'week-recipe' }, 'Recipe'),
          h('select', {
            id: 'week-recipe', name: 'recipe', dataset: { focusKey: 'week-recipe' },
            onchange: (event) => ui.onForm({ recipe: event.target.value }),
          },
            h('option', { value: '', selected: !form.recipe }, 'Choose a recipe…'),
            recipes.map((recipe) => h('option', { value: recipe.id, selected: form.recipe === recipe.id }, recipe.title)))),
        h('div', { class: 'week-field' }, h('label', { for: 'week-day' }, 'Day'),
          h('select', {
            id: 'week-day', name: 'day', dataset: { focusKey: 'week-day' },
            onchange: (event) => ui.onForm({ date: event.target.value }),
          }, week.days.map((day) => h('option', { value: day.date, selected: form.date === day.date },
            `${day.label}${day.isToday ? ' (today)' : ''}`)))),
        h('div', { class: 'week-field week-servings' }, h('label', { for: 'week-servings' }, 'Servings'),
          h('input', {
            id: 'week-servings', name: 'servings', type: 'text', inputmode: 'numeric', maxlength: '5',
            autocomplete: 'off', placeholder: 'as written', value: form.servings,
            'aria-invalid': form.servingsError ? 'true' : null,
            'aria-describedby': form.servingsError ? 'week-servings-error' : null,
            dataset: { focusKey: 'week-servings' },
            oninput: (event) => ui.onForm({ servings: event.target.value }, false),
          })),
        form.servingsError ? h('p', { id: 'week-servings-error', class: 'field-error' }, form.servingsError) : null,
        h('button', { type: 'submit', id: 'week-form-add', class: 'button', disabled: state.busy }, 'Add to the week')));
  }

  days(state, ui) {
    const { week } = state;
    return h('section', { class: 'week-days-section', 'aria-labelledby': 'week-days-title' },
      h('h3', { id: 'week-days-title', class: 'visually-hidden' }, 'The days'),
      h('ol', { class: 'week-days' }, week.days.map((day) => h('li', {
        class: `card week-day${day.isToday ? ' today' : ''}`, dataset: { date: day.date },
      },
        h('div', { class: 'week-day-head' },
          h('h4', { class: 'week-day-name' }, dayName(day),
            day.isToday ? h('span', { class: 'tag' }, 'today') : null),
          // NB: an empty day says so on its own line of the card, so seven of them stay short.
          day.meals.length ? null : h('p', { class: 'recipes-none week-nothing' }, 'Nothing planned'),
          h('button', {
            type: 'button', class: 'button small quiet week-plan-day',
            'aria-label': `Plan a meal on ${dayName(day)}`,
            dataset: { focusKey: `plan:${day.date}` }, onclick: () => ui.onPickDay(day.date),
          }, '＋')),
        day.meals.length
          ? h('ul', { class: 'week-meals' }, day.meals.map((meal) => h('li', { class: 'week-meal', dataset: { meal: meal.id } },
              h('span', { class: 'week-meal-title' }, meal.recipe.title),
              h('span', { class: 'week-meal-servings' }, meal.servingsText),
              meal.saved ? null : h('span', { class: 'tag warn' }, 'no longer saved'),
              h('button', {
                type: 'button', class: 'button small quiet week-remove',
                'aria-label': `Remove ${meal.recipe.title} from ${day.weekday}`,
                dataset: { focusKey: `remove:${meal.id}` }, disabled: state.busy, onclick: () => ui.onRemove(meal),
              }, 'Remove'))))
          : null))));
  }

  shopCard(state, ui) {
    const { shop, week } = state;
    const { from, to } = shopDays(state);
    const whole = from === week.from && to === week.to;
    const planned = week.days.filter((day) => day.date >= from && day.date <= to)
      .reduce((count, day) => count + day.meals.length, 0);
    const meals = `${planned} ${planned === 1 ? 'meal' : 'meals'}`;
    const daySelect = (id, label, value, onchange) => h('div', { class: 'week-field' },
      h('label', { for: id }, label),
      h('select', { id, name: id, dataset: { focusKey: id }, onchange: (event) => onchange(event.target.value) },
        week.days.map((day) => h('option', { value: day.date, selected: value === day.date }, day.label))));
    const children = [
      h('h3', { id: 'week-shop-title', class: 'section-title small' }, 'Shop for this week'),
      h('p', { class: 'week-hint' },
        'Each recipe once, for the servings of all its days, merged as Meal Prep merges, with what the pantry covers.'),
      h('div', { class: 'week-form week-shop-days', role: 'group', 'aria-label': 'Days to shop for' },
        daySelect('week-shop-from', 'From', from, (date) => ui.onShopDays({ from: date, to: date > to ? date : to })),
        daySelect('week-shop-to', 'To', to, (date) => ui.onShopDays({ from: date < from ? date : from, to: date }))),
      h('button', {
        type: 'button', id: 'week-shop', class: 'button', disabled: state.busy || planned === 0,
        dataset: { focusKey: 'week-shop' }, onclick: () => ui.onShop(),
      }, shop && shop.plan ? 'Review again' : `${whole ? 'Shop the week' : 'Shop these days'} (${meals})`),
    ];
    if (shop && shop.missing && shop.missing.length) {
      children.push(h('p', { class: 'week-missing' }, 'Left out, no longer saved: ',
        shop.missing.map((meal) => meal.recipe.title).join(', ')));
    }
    return [
      h('section', { class: 'card week-shop', 'aria-labelledby': 'week-shop-title' }, ...children),
      shop && shop.plan && !shop.result
        ? planReview(shop, ui.shop, 'week', whole ? 'Shopping for the week' : `Shopping for ${shopLabel(week, from, to)}`)
        : null,
      shop && shop.result ? planResult(shop.result, 'week') : null,
    ];
  }
}
