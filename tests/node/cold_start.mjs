// The page's cold start, in Node: Pyodide started from scratch from the built runtime
// folder and the page's compiled stdlib with no package installed, then our wheel's and msgpack's Python files written
// into site-packages by the built static/worker/pyodide-start.mjs (`pythonFiles`,
// `writeModules`), as the engine's worker does on a first visit; then Python code runs.
//
// What it is for: tests/site/test_pyodide_node.py checks that what a first visit's engine
// worker starts from holds our modules and works, with no installer (Pyodide's
// loadPackage) involved and msgpack's own Python, as the warm start runs it.
//
// Usage: node tests/node/cold_start.mjs DIST CODE_FILE < INPUT
// CODE_FILE runs in that Python with `lines` (stdin's lines) in its globals. Prints one
// line of JSON: the packages Pyodide installed, how many files each wheel gave, what the
// writing said, and what the code printed.
//
// What it is not: the page (no PyScript, no worker, no service worker), or a timing.

import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { readStdin, refuseNetwork } from "../../sitebuild/offline_pyodide.mjs";

async function main() {
  const [dist, codeFile] = process.argv.slice(2);
  if (!dist || !codeFile) {
    console.error("usage: node tests/node/cold_start.mjs DIST CODE_FILE < INPUT");
    process.exit(2);
  }
  refuseNetwork("cold_start");
  const runtime = readdirSync(resolve(dist, "static", "vendor")).find((name) => name.startsWith("pyodide-"));
  const indexURL = resolve(dist, "static", "vendor", runtime) + "/";
  const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
  const { pythonFiles, writeModules } = await import(pathToFileURL(resolve(dist, "static", "pyodide-start.mjs")).href);
  const lock = JSON.parse(readFileSync(`${indexURL}pyodide-lock.json`, "utf8"));
  const files = {};
  const all = [];
  for (const name of ["netarcade", "msgpack"]) {
    const found = await pythonFiles(new Uint8Array(readFileSync(`${indexURL}${lock.packages[name].file_name}`)));
    files[name] = found.map(([path]) => path);
    all.push(...found);
  }
  const out = [];
  const stdLibURL = resolve(dist, "static", "python-stdlib.zip");  // the page's compiled stdlib
  const pyodide = await loadPyodide({ indexURL, stdLibURL, packages: [], stdout: (line) => out.push(line),
                                      stderr: (line) => process.stderr.write(line + "\n") });
  const written = writeModules(pyodide, all);
  const globals = pyodide.toPy({ lines: (await readStdin()).split("\n").filter(Boolean) });
  pyodide.runPython(readFileSync(resolve(codeFile), "utf8"), { globals });
  console.log(JSON.stringify({ installed: Object.keys(pyodide.loadedPackages), files, written, out }));
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
