/* An analysis helper: a module worker with a Pyodide of its own that judges
   decisions of the game the replay viewer analyses, beside the engine's
   worker (netarcade.web.replay.helping says how the two share the work).

   What it is for: the engine's worker (netarcade.web.browser.Helper) starts
   one for each core the machine has beyond its own, up to two (fewer on a
   device with little memory: netarcade.web.replay.helping.count), when a player
   presses Analyse, and stops it when the analysis ends or stops. Its Python
   starts as the engine's does (static/worker/pyodide-start.mjs: from the
   memory snapshot when the service worker keeps one, else from scratch with
   our wheel's and msgpack's Python files), from files the visit has loaded
   already: nothing new is downloaded.

   Messages: it takes [id, request] (helping.request's JSON text) and posts
   [id, answer, null] (helping.judge's JSON text), or [id, null, why] when
   its Python could not start or failed; requests wait for the start.

   What it is not: the engine's worker (PyScript's), which owns the
   analysis, or the snapshot's maker (static/worker/snapshot-worker.mjs). */
import { loadPyodide } from "./pyodide-start.mjs";

const judge = loadPyodide({}).then((pyodide) =>
  pyodide.runPython("from netarcade.web.replay.helping import judge\njudge"));
judge.catch(() => {});  // said with each request's answer

addEventListener("message", async (event) => {
  const [id, request] = event.data;
  try {
    postMessage([id, (await judge)(request), null]);
  } catch (error) {
    postMessage([id, null, String(error?.message ?? error)]);
  }
});
