// Tabletalk's service worker: after the first load the app and the embedding model work offline.
// Plain JS, copied to the dist root by Trunk (scope "/"), registered by an inline script in index.html.
//
// - Only same-origin GET requests are handled. Everything else (the edge at another origin, POSTs)
//   goes to the network untouched and is never cached: answers from the edge must be live.
// - Navigations and app files: network first, cache as fallback. A rebuilt app (new index.html,
//   new hashed file names) is picked up whenever the server answers; offline the last copy serves.
//   A navigation with neither falls back to the cached index.html (the app has one page).
// - /models/: cache first. The model files are large (90 MB) and never change under one name, so a
//   second download would only cost time; they are fetched by the embedding Web Worker, which this
//   worker controls too.
// - Install precaches the page and, best effort, the files it names plus the embedding worker's
//   files, so the first load is enough: the page fetched them before this worker controlled it.
// Bump VERSION to drop old caches (the model cache has its own version: it outlives app rebuilds).

const VERSION = 'v1';
const APP_CACHE = `tabletalk-app-${VERSION}`;
const MODEL_CACHE = 'tabletalk-models-v1';
const WORKER_FILES = ['./embed_worker_loader.js', './embed_worker.js', './embed_worker_bg.wasm'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(APP_CACHE);
      await cache.addAll(['./', './index.html']);
      const html = await (await cache.match('./index.html')).text();
      const named = [...html.matchAll(/(?:href|src)="([^"]+)"/g)]
        .map((m) => new URL(m[1], self.registration.scope))
        .filter((u) => u.origin === self.location.origin)
        .map((u) => u.href);
      // Optional files: one that is missing must not stop the worker from installing.
      await Promise.all([...named, ...WORKER_FILES].map((url) => cache.add(url).catch(() => {})));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = [APP_CACHE, MODEL_CACHE];
      for (const name of await caches.keys()) {
        if (name.startsWith('tabletalk-') && !keep.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const inScope = url.href.startsWith(self.registration.scope);
  if (inScope && url.href.slice(self.registration.scope.length).startsWith('models/')) {
    event.respondWith(cacheFirst(event, MODEL_CACHE));
  } else {
    event.respondWith(networkFirst(event, APP_CACHE));
  }
});

/** Stores a copy of a complete same-origin response, after the response has been handed on. */
function keep(event, cacheName, response) {
  if (response.status === 200 && response.type === 'basic') {
    const copy = response.clone();
    event.waitUntil(caches.open(cacheName).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

async function cacheFirst(event, cacheName) {
  const cached = await caches.match(event.request, { cacheName });
  return cached ?? keep(event, cacheName, await fetch(event.request));
}

async function networkFirst(event, cacheName) {
  try {
    return keep(event, cacheName, await fetch(event.request));
  } catch (error) {
    const cached = await caches.match(event.request, { cacheName });
    if (cached) return cached;
    if (event.request.mode === 'navigate') {
      const page = await caches.match('./index.html', { cacheName });
      if (page) return page;
    }
    throw error;
  }
}
