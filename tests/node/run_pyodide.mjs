// Replay game records under Pyodide in Node and print their digests.
//
// What it is for: the cross-runtime test (tests/site/test_pyodide_node.py) plays
// seeded games on CPython, sends their records here, and checks that the
// wheel we ship gives the same final-state digests on Pyodide's CPython.
//
// Usage:
//   node tests/node/run_pyodide.mjs [--lock PATH] [--code FILE] [RECORD ...]
// Records (base64url) come from the arguments, or from stdin one per line
// when there are none. Default lockfile: dist/static/vendor/pyodide-VERSION/
// pyodide-lock.json (built by sitebuild/build.py); our wheel and msgpack's
// sit beside it. --code runs that Python file instead of the digest snippet,
// with `records` (a list of str) in its globals.
//
// Output: one digest per record on stdout, in order. Timings go to stderr as
// a line `pyodide-node: {...json...}`.
//
// Offline by construction (sitebuild/offline_pyodide.mjs): every fetch of an
// http(s) URL is refused, so a package missing from the local lockfile fails
// loudly instead of being downloaded from a CDN.

import { readFileSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { loadNetarcade, readStdin, refuseNetwork } from "../../sitebuild/offline_pyodide.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");

const DIGEST_SNIPPET = `
from netarcade.core.record import decode_record, digest
from netarcade.games import replay
for r in records:
    game, state = replay(decode_record(r))
    print(digest(game, state))
`;

// the build puts the runtime in a folder named with its pinned version
function pinnedPyodide() {
  return JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")).dependencies.pyodide;
}

function parseArgs(argv) {
  const options = {
    lock: resolve(root, `dist/static/vendor/pyodide-${pinnedPyodide()}/pyodide-lock.json`),
    code: null,
    records: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--lock") options.lock = resolve(argv[++i]);
    else if (arg === "--code") options.code = resolve(argv[++i]);
    else if (arg === "-h" || arg === "--help") {
      console.log(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n\n")[1]);
      process.exit(0);
    } else options.records.push(arg);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(options.lock)) {
    console.error(`run_pyodide: ${options.lock} is missing; run \`make site\` first`);
    process.exit(2);
  }
  if (options.records.length === 0) {
    options.records = (await readStdin()).split(/\s+/).filter(Boolean);
  }
  refuseNetwork("run_pyodide");
  const { pyodide, load_ms, packages_ms } = await loadNetarcade(options.lock);
  const installed = performance.now();

  const code = options.code ? readFileSync(options.code, "utf8") : DIGEST_SNIPPET;
  const globals = pyodide.toPy({ records: options.records });
  try {
    await pyodide.runPythonAsync(code, { globals });
  } finally {
    globals.destroy();
  }
  const done = performance.now();
  const timings = {
    pyodide: pyodide.version,
    load_ms: Math.round(load_ms),
    packages_ms: Math.round(packages_ms),
    run_ms: Math.round(done - installed),
    records: options.records.length,
  };
  process.stderr.write(`pyodide-node: ${JSON.stringify(timings)}\n`);
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
