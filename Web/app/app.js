// Starts the web app: the list, the screens the address names, the service worker (app-shell
// cache) and the launch flourish on a cold start.
//
// The one router: every screen but the list is a row of ROUTES, named by the address's hash.
// A screen has an `area` (the element it draws in), `enter(hash, { again })` (it has the page;
// `again`: it had it already, at another address of its own) and `leave({ toList })` (another
// screen, or the list, has it now). The router alone shows and hides areas: no screen touches
// another's.

import { CheckinCard } from './checkin.js';
import { Controller } from './controller.js';
import { Pantry } from './pantry.js';
import { Recipes } from './recipes.js';
import { MealPrep } from './mealprep.js';
import { Week } from './week.js';
import { Trip } from './trip.js';
import { Shops } from './shops.js';
import { loadRules } from './rules.js';
import { AddPhone, showInstallNotice } from './invite.js';

const $ = (id) => document.getElementById(id);

// NB: the rules module compiles while the phone's copy of the list is read (IndexedDB), so
// opening waits for whichever is slower, not for both in turn.
const rules = loadRules();
const controller = new Controller();
controller.view.otherScreen = () => shown !== null;
new CheckinCard(); // eslint-disable-line no-new
new AddPhone(); // eslint-disable-line no-new

/** Each screen, the addresses it answers and the header link that names it. */
const ROUTES = [
  { screen: new Recipes(), link: 'recipes-link', match: (hash) => hash === '#/recipes' || hash.startsWith('#/recipes/') },
  { screen: new MealPrep(), link: 'mealprep-nav-link', match: (hash) => hash === '#/mealprep' },
  { screen: new Week(), link: 'week-link', match: (hash) => hash === '#/week' },
  { screen: new Pantry(), link: 'pantry-link', match: (hash) => hash === '#/pantry' },
  { screen: new Trip(), link: 'trip-link', match: (hash) => hash === '#/trip' },
  { screen: new Shops(), link: 'trip-link', match: (hash) => hash === '#/shops' },
];
/** The list's own addresses, whose header link is marked: none, or #/. */
const isListAddress = (hash) => hash === '' || hash === '#' || hash === '#/';

let shown = null; // the route that has the page; null: the list

/** Marks the header link of the screen the address names (aria-current). */
function markLinks(hash, row) {
  const current = row ? row.link : isListAddress(hash) ? 'list-link' : null;
  for (const id of ['list-link', ...new Set(ROUTES.map((route) => route.link))]) {
    const link = $(id);
    if (!link) continue;
    if (id === current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

/** Gives the page to the screen the address names: the list when it names none. */
function route() {
  const hash = location.hash;
  const next = ROUTES.find((row) => row.match(hash)) || null;
  markLinks(hash, next);
  if (!$('pairing').hidden) return;
  const previous = shown;
  if (!next && !previous) return; // the list has the page already (or is still opening)
  shown = next;
  const again = Boolean(previous && next && previous.screen === next.screen);
  if (previous && !again) previous.screen.leave({ toList: !next });
  for (const row of ROUTES) row.screen.area.hidden = row.screen !== next?.screen;
  $('list-area').hidden = Boolean(next);
  $('add-bar').hidden = Boolean(next);
  if (next) next.screen.enter(hash, { again });
}

let started = false;
window.addEventListener('pageshow', (event) => {
  if (started) return;
  started = true;
  markLinks(location.hash, ROUTES.find((row) => row.match(location.hash)) || null);
  // NB: the address is followed from the start, while the page may still be waiting on a slow
  // server; the screen it names at opening gets the page once the list has opened.
  window.addEventListener('hashchange', route);
  controller.start({ coldStart: !event.persisted, rules }).then(route);
});

// NB: without a service worker the page opens only where the server answers: say so, and
// how to set this phone up, rather than fail quietly.
if (window.isSecureContext && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch((error) => showInstallNotice(error));
} else {
  showInstallNotice();
}
