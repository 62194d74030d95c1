// Starts the web app: the controller, the service worker (app-shell cache) and the launch
// flourish on a cold start.

import { Controller } from './controller.js';

const controller = new Controller();
let started = false;

window.addEventListener('pageshow', (event) => {
  if (started) return;
  started = true;
  controller.start({ coldStart: !event.persisted });
});

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}
