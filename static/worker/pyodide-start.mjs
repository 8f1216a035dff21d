/* The engine worker's Pyodide, started from the memory snapshot when this
   browser keeps one: index.html names this module as the "interpreter" of
   the engine's PyScript worker instead of pyodide.mjs itself.

   What it is for: a warm start. PyScript imports the interpreter module,
   reads its `version` and calls its `loadPyodide(options)`; this module
   passes every option through to the vendored Pyodide (the build rewrites
   vendor/pyodide/ to the versioned folder), with these changes:
   - `indexURL`: the vendored folder (PyScript would take this module's own
     folder, static/);
   - `stdLibURL`: static/python-stdlib.zip, Pyodide's stdlib with every
     module a start imports compiled (sitebuild/stdlib_bytecode.mjs: some
     two thirds of a cold loadPyodide's CPU was compiling them from source);
   - `_loadSnapshot`: static/python-snapshot.bin (static/python-snapshot.mjs,
     made in the browser from the same runtime files and wheels by
     static/snapshot-worker.mjs after an earlier visit: CPython already
     started, our modules and the stdlib modules they use imported), but
     only when the service worker has stored it (the Cache API, checked with
     caches.match), and then no `packages`: our wheel and msgpack's are
     already imported in it, so nothing is installed on top (the wasm memory
     is grown to the snapshot's size first: `growingMemory`). The server has
     no such file: a visit without one starts Python from scratch, and
     the page makes the snapshot once it is ready to play and idle
     (static/offline.py). If starting from the snapshot fails, this starts
     from scratch.
   - From scratch, our modules without an installer: index.html's config
     names no `packages`; this module asks for our wheel and msgpack's
     (`WHEELS`, their URLs written in by the build) as soon as PyScript
     imports it, reads their Python files while Pyodide starts (ours are
     stored; msgpack's few are inflated by the browser), and writes them
     into site-packages once it is up, as the snapshot's making
     does (static/python-snapshot.mjs). Pyodide's installer (loadPackage)
     would fetch the wheels only after the lockfile and CPython's start, and
     its first use imports its own Python (some 150 ms of the start's CPU
     here, docs/web-runtime.md "A light first visit"). msgpack's shared
     library is left out, as in the snapshot: msgpack imports its
     pure-Python implementation, so a cold and a warm start run the same
     code.
   - PyScript's own package compiled: static/pyscript-bytecode.zip
     (sitebuild/pyscript_bytecode.mjs, made by the build from PyScript's chunk
     with the same CPython), when the service worker has stored it, unpacked
     into the worker's home folder once Pyodide has started, before PyScript
     writes its package's sources there and imports them: the imports read
     the compiled .pyc instead of compiling every module from source. Each
     .pyc carries its source's hash (checked at import: a mismatch compiles
     from source, as without it). A first visit never downloads it; the
     service worker fetches it once the snapshot is made, except on a light
     connection (Save-Data, metered).

   What it is not: PyScript's or Pyodide's code, or a page script (it runs
   in PyScript's worker, which has no DOM). */
import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
//: our wheel's and msgpack's [URL relative to this module, sha256 integrity] (the build writes them in)
const WHEELS = [/*na:wheels*/];
const SNAPSHOT = new URL("./python-snapshot.bin", import.meta.url).href;
const BYTECODE = new URL("./pyscript-bytecode.zip", import.meta.url).href;
//: the stdlib with the modules a start imports compiled (sitebuild/stdlib_bytecode.mjs); the snapshot
//: is made from the same file (static/worker/snapshot-worker.mjs): it holds zipimport's table of it
const STDLIB = new URL("./python-stdlib.zip", import.meta.url).href;

// how the start went, for the page's figures (static/engine.py reads it)
const started = (globalThis.netarcadeStart = { snapshot: false, why: "", read: 0, bytecode: "", ours: "", ms: 0, end: 0, begun: 0, called: 0 });

// `url`'s bytes when the service worker has stored it, else null and `say` why
async function stored(url, say) {
  try {
    if (!globalThis.caches || !(await caches.match(url))) {
      say("not stored");
      return null;
    }
    // through the service worker: it answers from this version's cache
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`${answer.status}`);
    return new Uint8Array(await answer.arrayBuffer());
  } catch (error) {
    say(`not read: ${error}`);
    return null;
  }
}

// asked for as PyScript imports this module, so reading the 36 MiB from the
// cache overlaps PyScript's own steps before it calls loadPyodide
const begun = (started.begun = performance.now());
const pending = stored(SNAPSHOT, (why) => { started.why = why; }).then((bytes) => {
  started.read = performance.now() - begun;
  return bytes;
});
const pendingBytecode = stored(BYTECODE, (why) => { started.bytecode = `pyscript bytecode ${why}`; });
// without a stored snapshot, our modules' files, asked for and read while Pyodide starts
const pendingModules = pending.then((snapshot) => (snapshot ? null : wheelModules()));
pendingModules.catch(() => {});  // a failure is said where loadPyodide awaits it

// the members of a zip whose members are stored (not deflated) and name their sizes in their
// local headers, as sitebuild/pyscript_bytecode.mjs writes it: [path, bytes] pairs, in order
function* storedMembers(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names = new TextDecoder();
  let at = 0;
  while (at + 30 <= bytes.length && view.getUint32(at, true) === 0x04034b50) {
    if (view.getUint16(at + 8, true) !== 0 || view.getUint16(at + 6, true) & 8) {
      throw new Error("a member is compressed or streamed");
    }
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    yield [names.decode(bytes.subarray(at + 30, at + 30 + nameLength)), bytes.subarray(start, start + size)];
    at = start + size;
  }
}

// the Python files of `bytes`, a zip (a wheel): [path, bytes] pairs, each member inflated
// by the browser (DecompressionStream) or stored; other members (a shared library, the
// wheel's metadata) are left out. Exported for tests/node/cold_start.mjs
export async function pythonFiles(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;  // the end of central directory record (no archive comment)
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip");
  const names = new TextDecoder();
  const files = [];
  for (let at = view.getUint32(end + 16, true), n = view.getUint16(end + 10, true); n > 0; n -= 1) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a bad central directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (!name.endsWith(".py")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const packed = bytes.subarray(start, start + size);
    if (method === 0) files.push([name, packed]);
    else if (method === 8) {
      const inflated = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      files.push([name, new Uint8Array(await new Response(inflated).arrayBuffer())]);
    } else throw new Error(`${name}: compression method ${method}`);
  }
  return files;
}

// the Python files of every wheel of `WHEELS`, fetched (through the service worker when one
// answers), their sha256 checked by the browser (as Pyodide's installer checks the lockfile's),
// and read
async function wheelModules() {
  const each = await Promise.all(WHEELS.map(async ([wheel, integrity]) => {
    const url = new URL(wheel, import.meta.url).href;
    const answer = await fetch(url, { integrity });
    if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
    return pythonFiles(new Uint8Array(await answer.arrayBuffer()));
  }));
  return each.flat();
}

// `files` ([path, bytes] pairs) written into the started `pyodide`'s site-packages, before
// anything imports from there; says how many, and how long the writing took. Exported for
// tests/node/cold_start.mjs
export function writeModules(pyodide, files) {
  const begun = performance.now();
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  const made = new Set();  // mkdirTree throws (and catches) for every folder that exists
  for (const [path, data] of files) {
    const file = `${site}/${path}`;
    const folder = file.slice(0, file.lastIndexOf("/"));
    if (!made.has(folder)) pyodide.FS.mkdirTree(folder), made.add(folder);
    pyodide.FS.writeFile(file, data);
  }
  // a finder that listed site-packages before (an import that missed) must list it again;
  // importlib.invalidate_caches() would do it too, but imports importlib.metadata to do so
  pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(site)}, None)`);
  return `${files.length} files written in ${Math.round(performance.now() - begun)} ms`;
}

// PyScript's .pyc files into the home folder (Pyodide's working directory), where PyScript
// writes its package; exported for tests/node/warm_start.mjs
export function unpackBytecode(pyodide, bytecode) {
  const begun = performance.now();
  try {
    const home = pyodide.FS.cwd();
    let count = 0;
    for (const [path, data] of storedMembers(bytecode)) {
      const file = `${home}/${path}`;
      pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
      pyodide.FS.writeFile(file, data);
      count += 1;
    }
    return `pyscript bytecode ${count} modules in ${Math.round(performance.now() - begun)} ms`;
  } catch (error) {
    return `pyscript bytecode failed: ${error}`;
  }
}

// `start()`'s Pyodide, its wasm memory grown to `bytes` as the instance is made: Pyodide
// 314.0.7 copies a snapshot into the memory the module starts with (30 MiB) without growing
// it first, and ours is larger once the build has imported our modules (and html). Exported
// for tests/node/warm_start.mjs, which resumes the built snapshot through it.
export async function growingMemory(bytes, start) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grown = async (made) => {
    const result = await made;
    const memory = (result.instance ?? result).exports?.memory;
    const short = memory ? bytes - memory.buffer.byteLength : 0;
    if (short > 0) memory.grow(Math.ceil(short / 65536));
    return result;
  };
  WebAssembly.instantiate = (...args) => grown(instantiate.apply(WebAssembly, args));
  WebAssembly.instantiateStreaming = (...args) => grown(instantiateStreaming.apply(WebAssembly, args));
  try {
    return await start();
  } finally {
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  }
}

export async function loadPyodide(options = {}) {
  started.called = performance.now();
  const snapshot = await pending;
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await growingMemory(snapshot.length, () =>
        startPyodide({ ...options, indexURL: RUNTIME, stdLibURL: STDLIB, _loadSnapshot: snapshot, packages: [] }));
      started.snapshot = true;
    } catch (error) {
      started.why = `failed: ${error}`;
    }
  }
  if (!pyodide) {
    pyodide = await startPyodide({ ...options, indexURL: RUNTIME, stdLibURL: STDLIB });
    started.ours = writeModules(pyodide, (await pendingModules) ?? (await wheelModules()));
  }
  started.ms = performance.now() - begun;
  const bytecode = await pendingBytecode;
  if (bytecode) started.bytecode = unpackBytecode(pyodide, bytecode);
  started.end = performance.now();
  return pyodide;
}
