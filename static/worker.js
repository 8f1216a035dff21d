/* The engine's worker: Pyodide and our Python, off the page's main thread.

   What it is for: static/page.js starts this file as a module Web Worker.
   It loads the vendored Pyodide (loadPyodide from pyodide.mjs beside the
   served pyodide-lock.json, which lists our wheel and msgpack's: no CDN, no
   micropip), installs netarcade, then hands every message from the page to
   netarcade.web.app (JSON text both ways) and posts back what Python sends.

   Messages it sends itself: {kind: "progress", step} while Pyodide starts,
   {kind: "up"} once Python can take the page's "start" message,
   {kind: "failed", text} if the runtime cannot start, and a "log" op for
   anything the site's Content-Security-Policy refused here. Everything
   else is Python's (py/netarcade/web/app.py).

   What it is not: page code. A worker has no DOM, no localStorage and no
   sessionStorage; the page sends a snapshot and writes through. The
   build rewrites vendor/pyodide/ to the versioned folder. */
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

// A refusal by the site's Content-Security-Policy in here (docs/web-runtime.md)
// is said on the page's console too, where the page's own are.
self.addEventListener("securitypolicyviolation", (event) => {
  post({ops: [{op: "log", level: "error",
               text: `refused by the site's policy: ${event.effectiveDirective} ${event.blockedURI}`}]});
});

const inbox = [];
let deliver = null;
self.addEventListener("message", (event) => {
  if (deliver) deliver(event.data);
  else inbox.push(event.data);
});

function post(text) {
  self.postMessage(text);
}

(async () => {
  try {
    post({kind: "progress", step: "Loading interpreter"});
    const pyodide = await loadPyodide({indexURL: new URL("./vendor/pyodide/", import.meta.url).href});
    post({kind: "progress", step: "Loaded interpreter"});
    await pyodide.loadPackage("netarcade", {messageCallback: () => {}});
    post({kind: "progress", step: "Loaded Pyodide"});
    const handle = pyodide.pyimport("netarcade.web.app").main(post);
    deliver = (text) => handle(text);
    post({kind: "up"});
    for (const text of inbox.splice(0)) deliver(text);
  } catch (err) {
    post({kind: "failed", text: String((err && err.message) || err)});
  }
})();
