// Pyodide in Node with our wheel, offline: what the cross-runtime test
// (tests/node/run_pyodide.mjs) and the Pyodide benchmark
// (scripts/bench/pyodide.mjs) both need, and the warm start's runner (tests/node/warm_start.mjs).
//
// refuseNetwork() makes every fetch of an http(s) URL fail, so a package
// missing from the local lockfile fails loudly instead of being downloaded.
// loadNetarcade(lock, who) loads Pyodide from node_modules with that
// lockfile (wheels are read from its folder only) and installs netarcade;
// it returns the Pyodide instance and the time spent in each step.
// readStdin() is the runners' input (tests/node/*.mjs): stdin's text, "" from a terminal.

import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export async function readStdin() {
  if (process.stdin.isTTY) return "";
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

export function refuseNetwork(who) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input?.url ?? input);
    if (/^https?:/i.test(url)) {
      throw new Error(`${who}: refusing network fetch of ${url} (offline)`);
    }
    return realFetch(input, init);
  };
}

export async function loadNetarcade(lock) {
  const started = performance.now();
  const { loadPyodide } = await import(pathToFileURL(resolve(root, "node_modules/pyodide/pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    lockFileURL: lock,
    // wheels are read from (and only from) the folder of the served lockfile
    packageBaseUrl: dirname(lock) + "/",
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  const loaded = performance.now();
  const loadErrors = [];
  await pyodide.loadPackage(["netarcade"], {
    messageCallback: () => {},
    errorCallback: (message) => loadErrors.push(message),
  });
  if (loadErrors.length || !pyodide.loadedPackages.netarcade) {
    throw new Error(`could not load netarcade from ${lock}:\n${loadErrors.join("\n")}`);
  }
  const installed = performance.now();
  return { pyodide, load_ms: loaded - started, packages_ms: installed - loaded };
}
