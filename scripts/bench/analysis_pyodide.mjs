// Move analysis under Pyodide in Node, in CPU time: the page's settings
// (PAGE_SETTINGS) over whole records, from the wheel the site ships.
//
// What it is for: docs/bots.md's "Move analysis" figures for the page. The
// page runs the analysis in its worker on the same Pyodide (V8's wasm, as
// in Chromium); its wall time on a quiet machine is about this CPU time,
// which a loaded machine does not stretch (scripts/bench/analysis_page.py
// measures the page itself, in wall time). The digest of the decisions is
// the one CPython gives (scripts/research/analysis_spread.py --digest): the same
// analysis on every runtime.
//
// Usage: node scripts/bench/analysis_pyodide.mjs [--lock PATH] RECORD_FILE...
// (default lockfile: dist/, built by `make site`).
//
// What it is not: a test (it prints figures).

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { loadNetarcade, refuseNetwork } from "../../sitebuild/offline_pyodide.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const version = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")).dependencies.pyodide;

const CODE = `
from netarcade.cli.analyse import analyse
from netarcade.bots.analysis import PAGE_SETTINGS
from netarcade.core.record import canonical_bytes, decode_record
import hashlib
record = decode_record(RECORD)
_, decisions = analyse(record, PAGE_SETTINGS)
digest = hashlib.sha256(canonical_bytes([d.to_json() for d in decisions])).hexdigest()[:16]
f"{record.game}: {len(record.actions)} moves, {len(decisions)} decisions, {sum(1 for d in decisions if d.mark)} marked, digest {digest}"
`;

async function main() {
  const args = process.argv.slice(2);
  let lock = resolve(root, `dist/static/vendor/pyodide-${version}/pyodide-lock.json`);
  if (args[0] === "--lock") {
    lock = resolve(args[1]);
    args.splice(0, 2);
  }
  refuseNetwork("bench_analysis_pyodide");
  const { pyodide } = await loadNetarcade(lock);
  for (const path of args) {
    const globals = pyodide.toPy({ RECORD: readFileSync(path, "utf8").trim() });
    const before = process.cpuUsage();
    const started = performance.now();
    const line = await pyodide.runPythonAsync(CODE, { globals });
    const cpu = process.cpuUsage(before);
    globals.destroy();
    console.log(`${line}: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s wall`);
  }
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
