/* netarcade's service worker: the arcade with no network after one visit.

   What it is for: on the first visit it stores the page, the PyScript and
   Pyodide runtime, both wheels and the lockfile in one cache named after
   this build; from then on it answers those URLs from that cache, so a
   second visit starts with the network off. sitebuild/build.py writes
   this file to the site's root as sw.js (its scope is the whole site) and
   fills in VERSION (a hash of every stored file), FILES ([path,
   integrity] pairs, paths relative to sw.js; the page twice, as "./" and
   as "./?embed", each stored with the headers the server sends it) and
   LATER (the same pairs for what no first visit loads: PyScript's package
   compiled).

   The memory snapshot a warm start resumes (static/python-snapshot.bin) is
   not on the server: the page makes it in the browser once it is ready to
   play and idle (static/snapshot-worker.mjs) and posts it here ("warm");
   it is kept in this version's cache only if it was made from this
   version's wheels and compiled stdlib (their sha256 in FILES). Then, unless the page says the
   connection is light (Save-Data, metered: static/offline.py), LATER is
   fetched too; the answer goes back to the page.

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
const LATER = /*na:later*/;
const PREFIX = "netarcade-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href).href;
//: made in the browser, never fetched (static/snapshot-worker.mjs)
const SNAPSHOT = new URL("static/python-snapshot.bin", SCOPE).href;
const INTEGRITY = new Map(FILES.map(([path, integrity]) => [new URL(path, SCOPE).href, integrity]));
const STORED = new Set([...INTEGRITY.keys(), SNAPSHOT, ...LATER.map(([path]) => new URL(path, SCOPE).href)]);

function requests(files) {
  // "no-cache": revalidate with the server (a 304 costs no body), so the
  // cache holds exactly what the server has now; integrity: of this build
  return files.map(([path, integrity]) => new Request(new URL(path, SCOPE).href, {cache: "no-cache", integrity}));
}

// the page's snapshot, kept if it was made from this version's wheels and stdlib; then LATER unless light
async function keepWarm({ snapshot, wheels, light }) {
  const foreign = (wheels ?? []).filter(([url, integrity]) => INTEGRITY.get(url) !== integrity);
  if (!(snapshot instanceof Uint8Array) || !wheels?.length || foreign.length) {
    return { kind: "warm", stored: false, why: foreign.length ? `not this version's: ${foreign[0][0]}` : "no snapshot" };
  }
  const cache = await caches.open(CACHE);
  await cache.put(SNAPSHOT, new Response(snapshot, {headers: {"Content-Type": "application/octet-stream"}}));
  if (light) return { kind: "warm", stored: true, later: `not fetched: ${light}` };
  try {
    await cache.addAll(requests(LATER));
    return { kind: "warm", stored: true, later: "stored" };
  } catch (error) {
    return { kind: "warm", stored: true, later: `failed: ${error}` };
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(requests(FILES));
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
  if (event.data && event.data.kind === "warm") {
    event.waitUntil(keepWarm(event.data)
      .catch((error) => ({ kind: "warm", stored: false, why: String(error) }))
      .then((answer) => event.source?.postMessage(answer)));
  }
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
