// Table Companion's service worker: the rules reference keeps working offline.
//
// Only the rules pages, their search (HTML and JSON), the manifest in each language and the files under /static/
// are handled; tables and everything else go straight to the network, untouched. Handled requests go to the
// network first, so an online phone always sees the latest rules, and each answer is saved; when the network
// fails, or is still silent after a few seconds (a table in a cellar), the saved copy is used. Every guide is saved
// as soon as the worker installs, so a rule link tapped mid-game opens even if that guide was never visited.
//
// The server fills in VERSION and PRECACHE when it serves this file at /sw.js (companion/web/rules.py).
"use strict";

const VERSION = "__VERSION__";
const PRECACHE = ["__PRECACHE__"];
const CACHE = "rules-" + VERSION;
const OFFLINE_PAGE = "/rules/offline";
const PATIENCE_MS = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // One by one, so a single failure does not stop the others from being saved.
      .then((cache) => Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith("rules-") && name !== CACHE).map((n) => caches.delete(n)))
      )
      .then(() => self.clients.claim())
  );
});

function handled(url) {
  return (
    url.pathname === "/rules" ||
    /^\/rules\/[a-z0-9-]+$/.test(url.pathname) ||
    url.pathname === "/api/v1/rules/search" ||
    url.pathname === "/manifest.webmanifest" ||
    url.pathname.startsWith("/static/")
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !handled(url)) return;
  const fromNetwork = fetch(request);
  // Save every good answer, even one that arrives after the saved copy was already shown.
  event.waitUntil(
    fromNetwork
      .then((response) => {
        if (response.ok && response.type === "basic") {
          const copy = response.clone();
          return caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return undefined;
      })
      .catch(() => undefined)
  );
  event.respondWith(answer(request, url, fromNetwork));
});

async function answer(request, url, fromNetwork) {
  let timer;
  const patience = new Promise((resolve) => {
    timer = setTimeout(resolve, PATIENCE_MS);
  });
  try {
    const response = await Promise.race([fromNetwork, patience]);
    if (response) return response;
    // The network is slow: use the saved copy if there is one, else keep waiting for the network.
    const saved = await caches.match(request, { cacheName: CACHE });
    return saved || (await fromNetwork);
  } catch (error) {
    const saved = await caches.match(request, { cacheName: CACHE });
    if (saved) return saved;
    if (request.mode === "navigate" && url.pathname === "/rules") {
      const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
      if (offline) return offline;
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
