/* The memory snapshot made in the browser: a module worker of its own that the
   page (static/offline.py) starts once it is ready to play, the service worker
   has stored this version, and the page is idle.

   What it is for: a returning player's warm start (static/pyodide-start.mjs
   resumes the snapshot) without sending the 36 MiB snapshot over the network:
   every file this needs (pyodide.mjs, the wasm, the stdlib, the lockfile, both
   wheels) was loaded by the visit and is in the browser's caches. It reads the
   served lockfile for our wheel and msgpack's, fetches them, makes the snapshot
   (static/python-snapshot.mjs) from the compiled stdlib static/python-stdlib.zip, and
   posts it to the page with each wheel's URL and sha256 and the stdlib's (the snapshot
   holds zipimport's table of it), which the page hands to the service worker: the
   service worker keeps it only if those are the files of its own version (static/sw.js).

   Messages it posts: { kind: "snapshot", snapshot (Uint8Array), wheels
   ([url, "sha256-..."] pairs: both wheels and the stdlib), modules, ms }, or
   { kind: "failed", why }.

   What it is not: the engine's worker (PyScript's), which never makes a snapshot,
   or the service worker, which stores it. */
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { makeSnapshot } from "./python-snapshot.mjs";

const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
//: the stdlib the engine's worker starts from (static/worker/pyodide-start.mjs): the snapshot holds its table
const STDLIB = new URL("./python-stdlib.zip", import.meta.url).href;
//: the lockfile's names of the wheels whose modules go into the snapshot
const WHEELS = ["netarcade", "msgpack"];

async function bytesOf(url) {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return new Uint8Array(await answer.arrayBuffer());
}

async function integrity(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}

async function main() {
  const begun = performance.now();
  const lock = JSON.parse(new TextDecoder().decode(await bytesOf(`${RUNTIME}pyodide-lock.json`)));
  const wheels = [];
  for (const name of WHEELS) {
    const entry = lock.packages?.[name];
    if (!entry) throw new Error(`the lockfile has no ${name}`);
    const url = new URL(entry.file_name, RUNTIME).href;
    const bytes = await bytesOf(url);
    wheels.push({ url, bytes, integrity: await integrity(bytes) });
  }
  const made = await makeSnapshot(loadPyodide, { indexURL: RUNTIME, stdLibURL: STDLIB, wheels: wheels.map((wheel) => wheel.bytes),
                                                 stderr: (line) => console.warn(line) });
  // the stdlib it started from is part of what it was made from (it holds zipimport's table of it)
  const stdlib = { url: STDLIB, integrity: await integrity(await bytesOf(STDLIB)) };
  postMessage({ kind: "snapshot", snapshot: made.snapshot,
                wheels: [...wheels, stdlib].map((file) => [file.url, file.integrity]),
                modules: made.modules, ms: Math.round(performance.now() - begun) }, [made.snapshot.buffer]);
}

main().catch((error) => postMessage({ kind: "failed", why: String(error?.message ?? error) }));
