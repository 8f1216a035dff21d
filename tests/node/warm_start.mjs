// The page's warm start, in Node: the memory snapshot made by the built
// static/worker/python-snapshot.mjs (as the browser makes it, from the built runtime
// folder and the wheels its lockfile names) and resumed as the built
// static/worker/pyodide-start.mjs resumes it, then Python code runs in it.
//
// What it is for: tests/site/test_pyodide_node.py checks that what a returning player's
// engine worker starts from holds our modules already imported and works: a
// snapshot made by the page's own module, resumed with the page module's own
// `growingMemory` and nothing installed on top (the page passes no `packages` with a
// snapshot), and PyScript's compiled package unpacked by the page module's `unpackBytecode`.
//
// Usage: node tests/node/warm_start.mjs DIST CODE_FILE < INPUT
// CODE_FILE runs in the resumed Python with `lines` (stdin's lines) in its globals.
// Prints one line of JSON: the snapshot's size, the packages Pyodide installed, what
// unpacking PyScript's bytecode said, and what the code printed.
//
// What it is not: the page (no PyScript, no worker, no service worker), or a timing.

import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { readStdin, refuseNetwork } from "../../sitebuild/offline_pyodide.mjs";

async function main() {
  const [dist, codeFile] = process.argv.slice(2);
  if (!dist || !codeFile) {
    console.error("usage: node tests/node/warm_start.mjs DIST CODE_FILE < INPUT");
    process.exit(2);
  }
  refuseNetwork("warm_start");
  const runtime = readdirSync(resolve(dist, "static", "vendor")).find((name) => name.startsWith("pyodide-"));
  const indexURL = resolve(dist, "static", "vendor", runtime) + "/";
  const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
  const { growingMemory, unpackBytecode } = await import(pathToFileURL(resolve(dist, "static", "pyodide-start.mjs")).href);
  const { makeSnapshot } = await import(pathToFileURL(resolve(dist, "static", "python-snapshot.mjs")).href);
  const lock = JSON.parse(readFileSync(`${indexURL}pyodide-lock.json`, "utf8"));
  const wheels = ["netarcade", "msgpack"].map((name) => new Uint8Array(readFileSync(`${indexURL}${lock.packages[name].file_name}`)));
  const stdLibURL = resolve(dist, "static", "python-stdlib.zip");  // the page's compiled stdlib
  const made = await makeSnapshot(loadPyodide, { indexURL, stdLibURL, wheels, stderr: (line) => process.stderr.write(line + "\n") });
  const snapshot = made.snapshot;
  const out = [];
  const pyodide = await growingMemory(snapshot.length, () => loadPyodide({
    indexURL, stdLibURL, _loadSnapshot: snapshot, packages: [], stdout: (line) => out.push(line),
    stderr: (line) => process.stderr.write(line + "\n") }));
  const bytecode = unpackBytecode(pyodide, new Uint8Array(readFileSync(resolve(dist, "static", "pyscript-bytecode.zip"))));
  const globals = pyodide.toPy({ lines: (await readStdin()).split("\n").filter(Boolean) });
  pyodide.runPython(readFileSync(resolve(codeFile), "utf8"), { globals });
  console.log(JSON.stringify({ snapshot: snapshot.length, installed: Object.keys(pyodide.loadedPackages), bytecode,
                                 out }));
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
