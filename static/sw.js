/* netarcade's service worker: the arcade with no network after one visit.

   What it is for: on the first visit it stores the page, the PyScript and
   Pyodide runtime, both wheels and the lockfile in one cache named after
   this build; from then on it answers those URLs from that cache, so a
   second visit starts with the network off. scripts/build_site.py writes
   this file to the site's root as sw.js (its scope is the whole site) and
   fills in VERSION (a hash of every stored file) and FILES ([path,
   integrity] pairs, paths relative to sw.js; the page twice, as "./" and
   as "./?embed", each stored with the headers the server sends it).

   A new build is a new sw.js: the browser installs it beside the old one,
   it fetches every file checked against its sha256 (a file from another
   build fails the install, which is retried on a later visit), and it waits
   until the page asks it to take over (static/offline.py offers a reload)
   or every tab of the old version is closed. Then it deletes the older
   caches. A page therefore never mixes a wheel of one build with a page of
   another. Anything it does not store (the relay's /ws, rooms) goes to the
   network as usual.

   What it is not: a cache of everything fetched, nor a cache of other
   origins (the page makes no such requests). See docs/web-runtime.md. */
"use strict";

const VERSION = /*na:version*/;
const FILES = /*na:files*/;
const PREFIX = "netarcade-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href).href;
const STORED = new Set(FILES.map(([path]) => new URL(path, SCOPE).href));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server (a 304 costs no body), so the
    // cache holds exactly what the server has now; integrity: of this build
    await cache.addAll(FILES.map(([path, integrity]) =>
      new Request(new URL(path, SCOPE).href, {cache: "no-cache", integrity})));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.kind === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  let key = url.origin + url.pathname;
  if (request.mode === "navigate") {
    // the arcade's page, with any query or hash (a game link); the embed
    // (?embed, read as static/boot.js reads it) from its own stored answer,
    // whose headers let any site frame it (the arcade's allow only ours)
    if (key !== SCOPE && key !== SCOPE + "index.html") return;
    const embed = url.search.replace(/^\?/, "").split("&").some((p) => p === "embed" || p.startsWith("embed="));
    key = embed ? SCOPE + "?embed" : SCOPE;
  } else if (url.search) {
    return;
  }
  if (!STORED.has(key)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    return hit || fetch(request);  // evicted by the browser: the network, as without us
  })());
});
