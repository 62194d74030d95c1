// The one way around: List · Recipes · Meal prep · Week · Pantry · Trip, in the header of every
// screen, the current one marked (aria-current) from the address.

const SCREENS = [
  ['list-link', (hash) => hash === '' || hash === '#' || hash === '#/'],
  ['recipes-link', (hash) => hash.startsWith('#/recipes')],
  ['mealprep-nav-link', (hash) => hash === '#/mealprep'],
  ['week-link', (hash) => hash === '#/week'],
  ['pantry-link', (hash) => hash === '#/pantry'],
  ['trip-link', (hash) => hash === '#/trip' || hash === '#/shops'],
];

/** Marks the link of the screen the address names. */
export function markScreen(hash = location.hash) {
  for (const [id, names] of SCREENS) {
    const link = document.getElementById(id);
    if (!link) continue;
    if (names(hash)) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

window.addEventListener('hashchange', () => markScreen());
