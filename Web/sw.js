// Basket's service worker: keeps the app shell so the page opens without a network.
// The phone's copy first, at once, whatever the network does (gone, hanging or slow: a phone
// on mobile data trying a home address), and the network refreshes it in the background for
// the next opening. The API is never cached here: the page keeps the last list and the queue
// of changes in IndexedDB itself (store.js), which works over plain HTTP too.

const CACHE = 'basket-shell-v62';
const SHELL = [
  '/', '/app/basket.css', '/app/app.js', '/app/controller.js', '/app/list.js', '/app/sync.js', '/app/list-view.js', '/app/model.js', '/app/api.js', '/app/template.js', '/app/offline.js', '/app/store.js', '/app/recipes.js', '/app/recipes-view.js', '/app/recipes-api.js', '/app/recipes-photos.js', '/app/walking.js', '/app/aisles.js', '/app/coverage-view.js', '/app/mealprep.js', '/app/mealprep-view.js', '/app/mealprep-api.js', '/app/plan-review-view.js', '/app/week.js', '/app/week-view.js', '/app/week-api.js', '/app/pantry.js', '/app/pantry-view.js', '/app/pantry-api.js', '/app/pantry-model.js', '/app/checkin.js', '/app/trip.js', '/app/trip-view.js', '/app/trip-api.js', '/app/trip-offline.js', '/app/theme.js', '/fonts/DotGothic16-Basket.ttf', '/icons/icon.svg',
  '/icons/icon-192.png', '/icons/fruit.svg', '/manifest.webmanifest', '/app/invite.js', '/app/lists.js', '/app/shops.js',
  '/app/rules.js', '/app/rules.wasm',
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
  // NB: pairing and invitations set a cookie: always the server's.
  if (url.pathname.startsWith('/api/') || url.pathname === '/pair' || url.pathname.startsWith('/join/')) return;
  const key = url.pathname;
  if (!SHELL.includes(key)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(key);
      const fresh = fetch(event.request).then((response) => {
        if (response.ok) cache.put(key, response.clone());
        return response;
      });
      if (cached) {
        event.waitUntil(fresh.catch(() => {}));
        return cached;
      }
      return fresh.catch(() => Response.error());
    }),
  );
});
