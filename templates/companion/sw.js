// Liar's Table's service worker. It keeps every static file a table page uses (KEEP: hashed names,
// whose content never changes), so a launch from the home screen asks the network only for the
// table's page itself; and when the server cannot be reached, a page asked for shows the offline
// page, which retries by itself. Pages are never kept: a stale one would show a table that has
// moved on.
const CACHE = "liars-table-v2";
const OFFLINE = "{{ offline|escapejs }}";
// What the offline page needs, kept as the worker installs.
const OFFLINE_NEEDS = {{ offline_needs|safe }};
// Without hashed names (DEBUG's storage) a file changes under its name: the network comes first then.
const HASHED = {{ hashed|safe }};
const KEEP = new Set({{ keep|safe }});

// A file no longer in KEEP belongs to an older version of the app: a new build renames what it
// changes, this worker's text changes with it, and the new worker drops the old names.
function prune(cache) {
  return cache.keys().then((requests) => Promise.all(requests
    .filter((request) => { const path = new URL(request.url).pathname; return path !== OFFLINE && !KEEP.has(path); })
    .map((request) => cache.delete(request))));
}

function keep(cache, paths) {
  return Promise.all(paths.filter((path) => KEEP.has(path)).map((path) =>
    cache.match(path).then((hit) => hit || cache.add(path).catch(() => undefined))));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([OFFLINE, ...OFFLINE_NEEDS])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => caches.open(CACHE)).then(prune)
    .then(() => self.clients.claim()));
});

// A page tells the worker what it loaded (app.js): it may have loaded before this worker took it
// over, as the first page a phone opens does. What the phone already has comes from its HTTP cache.
self.addEventListener("message", (event) => {
  const paths = event.data && event.data.used;
  if (!Array.isArray(paths)) return;
  event.waitUntil(caches.open(CACHE).then((cache) => keep(cache, paths.filter((p) => typeof p === "string")).then(() => prune(cache))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (url.origin === self.location.origin && KEEP.has(url.pathname)) {
    event.respondWith(caches.open(CACHE).then((cache) => {
      const fetched = () => fetch(request).then((response) => {
        if (response.ok) cache.put(url.pathname, response.clone());
        return response;
      });
      if (!HASHED) return fetched().catch(() => cache.match(url.pathname));
      return cache.match(url.pathname).then((hit) => hit || fetched());
    }));
  }
});
