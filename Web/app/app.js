// Starts the web app: the controller, the service worker (app-shell cache) and the launch
// flourish on a cold start.

import { CheckinCard } from './checkin.js';
import { Controller } from './controller.js';
import { Pantry } from './pantry.js';
import { Recipes } from './recipes.js';
import { MealPrep } from './mealprep.js';
import { Week } from './week.js';
import { Trip } from './trip.js';
import { Shops } from './shops.js';
import { markScreen } from './nav.js';
import { loadRules } from './rules.js';
import { AddPhone, showInstallNotice } from './invite.js';

// NB: the rules module compiles while the phone's copy of the list is read (IndexedDB), so
// opening waits for whichever is slower, not for both in turn.
const rules = loadRules();
const controller = new Controller();
const recipes = new Recipes();
const mealPrep = new MealPrep();
const week = new Week();
const pantry = new Pantry();
new CheckinCard(); // eslint-disable-line no-new
new AddPhone(); // eslint-disable-line no-new
const trip = new Trip();
const shops = new Shops();
let started = false;

window.addEventListener('pageshow', (event) => {
  if (started) return;
  started = true;
  markScreen();
  controller.start({ coldStart: !event.persisted, rules }).then(() => {
    recipes.route();
    mealPrep.route();
    week.route();
    pantry.route();
    trip.route();
    shops.route();
  });
});

// NB: without a service worker the page opens only where the server answers: say so, and
// how to set this phone up, rather than fail quietly.
if (window.isSecureContext && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch((error) => showInstallNotice(error));
} else {
  showInstallNotice();
}
