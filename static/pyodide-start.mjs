/* The engine worker's Pyodide, started from the memory snapshot when this
   browser keeps one: index.html names this module as the "interpreter" of
   the engine's PyScript worker instead of pyodide.mjs itself.

   What it is for: a warm start. PyScript imports the interpreter module,
   reads its `version` and calls its `loadPyodide(options)`; this module
   passes every option through to the vendored Pyodide (the build rewrites
   vendor/pyodide/ to the versioned folder), with two changes:
   - `indexURL`: the vendored folder (PyScript would take this module's own
     folder, static/);
   - `_loadSnapshot`: static/python-snapshot.bin (scripts/python_snapshot.mjs,
     made by the build with the same runtime files: CPython already
     started, the stdlib modules our engine uses imported), but only when
     the service worker has stored it (a later visit; the Cache API,
     checked with caches.match). A first visit never downloads the 31 MB
     snapshot: it starts Python from scratch, as the bare page does, and
     the service worker stores the snapshot with the rest of the site once
     the page is ready to play. If starting from the snapshot fails, this
     starts from scratch.
   Our wheel loads on top either way (PyScript's `packages`).

   What it is not: PyScript's or Pyodide's code, or a page script (it runs
   in PyScript's worker, which has no DOM). */
import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("./python-snapshot.bin", import.meta.url).href;

// how the start went, for the page's figures (static/engine.py reads it)
const started = (globalThis.netarcadeStart = { snapshot: false, why: "", ms: 0, end: 0 });

async function storedSnapshot() {
  try {
    if (!globalThis.caches || !(await caches.match(SNAPSHOT))) {
      started.why = "not stored";
      return null;
    }
    // through the service worker: it answers from this version's cache
    const answer = await fetch(SNAPSHOT);
    if (!answer.ok) throw new Error(`${answer.status}`);
    return new Uint8Array(await answer.arrayBuffer());
  } catch (error) {
    started.why = `not read: ${error}`;
    return null;
  }
}

// asked for as PyScript imports this module, so reading the 31 MB from the
// cache overlaps PyScript's own steps before it calls loadPyodide
const begun = performance.now();
const pending = storedSnapshot();

export async function loadPyodide(options = {}) {
  const snapshot = await pending;
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await startPyodide({ ...options, indexURL: RUNTIME, _loadSnapshot: snapshot });
      started.snapshot = true;
    } catch (error) {
      started.why = `failed: ${error}`;
    }
  }
  pyodide ??= await startPyodide({ ...options, indexURL: RUNTIME });
  started.end = performance.now();
  started.ms = started.end - begun;
  return pyodide;
}
