// Basket's service worker: keeps the app shell so the page opens without a network.
// Network first (the server is on the home network and answers fast), the cache when
// offline. The API is never cached here: the page keeps the last list and the queue of
// changes in IndexedDB itself (store.js), which works over plain HTTP too.

const CACHE = 'basket-shell-v17';
const SHELL = [
  '/', '/app/basket.css', '/app/app.js', '/app/controller.js', '/app/list.js', '/app/sync.js', '/app/view.js', '/app/model.js', '/app/api.js', '/app/template.js', '/app/offline.js', '/app/store.js', '/app/recipes.js', '/app/recipes-view.js', '/app/recipes-api.js', '/app/recipes-photos.js', '/app/walking.js', '/app/coverage-view.js', '/app/mealprep.js', '/app/mealprep-view.js', '/app/mealprep-api.js', '/app/pantry.js', '/app/pantry-view.js', '/app/pantry-api.js', '/app/pantry-model.js', '/app/checkin.js', '/app/trip.js', '/app/trip-view.js', '/app/trip-api.js', '/app/trip-offline.js', '/app/nav.js', '/fonts/DotGothic16-Basket.ttf', '/icons/icon.svg',
  '/icons/icon-192.png', '/icons/fruit.svg', '/manifest.webmanifest',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/pair') return;
  const key = event.request.mode === 'navigate' ? '/' : url.pathname;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok && SHELL.includes(key)) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(key).then((cached) => cached || Response.error())),
  );
});
