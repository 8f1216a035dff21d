// Engine speed under Pyodide in Node: the same random playouts (and bot move
// times) as `python -m netarcade bench`, from the wheel the site ships.
//
// What it is for: `make bench` runs the CPython bench (saving its figures as
// JSON), then this script, which loads the built wheel from the site's
// lockfile the way tests/node/run_pyodide.mjs does (offline), runs
// netarcade.cli.bench's functions on Pyodide's CPython and prints the same lines
// plus the Pyodide/CPython ratio of each figure.
//
// Usage:
//   node scripts/bench/pyodide.mjs [--lock PATH] [--cpython FILE.json]
//        [--seconds S] [--warmup S] [--game ID] [--bots] [--players N] [--save FILE.json]
// Defaults: lockfile dist/static/vendor/pyodide-VERSION/pyodide-lock.json (built by
// `make site`), every game for 3 s each, no bot timings. --cpython names the
// JSON written by `python -m netarcade bench --save FILE`; without it no
// ratio is printed. --warmup: untimed random play before each game's figure
// (netarcade.cli.bench.WARMUP_SECONDS unless given, as on CPython: V8 runs the
// interpreter's WebAssembly from its baseline compiler until it has tiered
// the hot functions up). --save writes the report (with the CPython figures
// it was compared with) as JSON for scripts/bench/table.py. The last stdout
// line is `pyodide-bench: {...json...}`.
//
// What it is not: a test (no thresholds) and not a browser measurement
// (scripts/bench/page.py measures pages); Node's wasm engine is V8, as in
// Chromium, so the figures are close to the page's.

import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { loadNetarcade, refuseNetwork } from "../../sitebuild/offline_pyodide.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");

// the build puts the runtime in a folder named with its pinned version
function pinnedPyodide() {
  return JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")).dependencies.pyodide;
}

function parseArgs(argv) {
  const options = {
    lock: resolve(root, `dist/static/vendor/pyodide-${pinnedPyodide()}/pyodide-lock.json`),
    cpython: null,
    seconds: 3,
    game: null,
    bots: false,
    players: null,
    warmup: null,
    save: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--lock") options.lock = resolve(argv[++i]);
    else if (arg === "--cpython") options.cpython = resolve(argv[++i]);
    else if (arg === "--seconds") options.seconds = Number(argv[++i]);
    else if (arg === "--game") options.game = argv[++i];
    else if (arg === "--players") options.players = Number(argv[++i]);
    else if (arg === "--warmup") options.warmup = Number(argv[++i]);
    else if (arg === "--save") options.save = resolve(argv[++i]);
    else if (arg === "--bots") options.bots = true;
    else if (arg === "-h" || arg === "--help") {
      console.log(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n\n")[0]);
      process.exit(0);
    } else {
      console.error(`scripts/bench/pyodide.mjs: unknown argument ${arg}`);
      process.exit(2);
    }
  }
  if (!(options.seconds > 0)) {
    console.error("scripts/bench/pyodide.mjs: --seconds must be positive");
    process.exit(2);
  }
  if (options.warmup !== null && !(options.warmup >= 0)) {
    console.error("scripts/bench/pyodide.mjs: --warmup must be 0 or more seconds");
    process.exit(2);
  }
  return options;
}

const BENCH_CODE = `
import json
from netarcade.cli.bench import bench_bots, bench_game, bench_options, format_bots, format_game, runtime
from netarcade.games import all_games, get_game

report = []
games = [get_game(GAME)] if GAME else all_games()
for game in games:
    options = bench_options(game, PLAYERS or None)
    figures = bench_game(game, seconds=SECONDS, options=options, warmup=None if WARMUP < 0 else WARMUP)
    print(format_game(figures))
    entry = {"game": game.id, "random": figures}
    if BOTS:
        moves = bench_bots(game, options=options)
        for line in format_bots(game.id, moves, runtime()):
            print(line)
        entry["bots"] = moves
    report.append(entry)
json.dumps({"runtime": runtime(), "games": report})
`;

function ratioLines(pyodideReport, cpythonReport) {
  const lines = [];
  const byGame = new Map(cpythonReport.games.map((entry) => [entry.game, entry]));
  for (const entry of pyodideReport.games) {
    const base = byGame.get(entry.game);
    if (!base) continue;
    const p = entry.random;
    const c = base.random;
    if (p.players !== c.players) {
      lines.push(`${entry.game}: CPython figures are for ${c.players} players, Pyodide for ${p.players}: no ratio`);
      continue;
    }
    lines.push(
      `${entry.game}: Pyodide/CPython ${(p.actions_per_s / c.actions_per_s).toFixed(2)} in actions/s ` +
        `(${Math.round(p.actions_per_s).toLocaleString("en")} vs ${Math.round(c.actions_per_s).toLocaleString("en")}), ` +
        `${(p.turns_per_s / c.turns_per_s).toFixed(2)} in turns/s; CPython is ` +
        `${(c.actions_per_s / p.actions_per_s).toFixed(2)}x faster`,
    );
    for (const [name, moves] of Object.entries(entry.bots ?? {})) {
      const other = base.bots?.[name];
      if (other) {
        lines.push(
          `${entry.game}: ${name} bot per move, Pyodide/CPython ${(moves.median_s / other.median_s).toFixed(2)}x median, ` +
            `${(moves.max_s / other.max_s).toFixed(2)}x max`,
        );
      }
    }
  }
  return lines;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(options.lock)) {
    console.error(`scripts/bench/pyodide.mjs: ${options.lock} is missing; run \`make site\` first`);
    process.exit(2);
  }
  refuseNetwork("bench_pyodide");
  const { pyodide, load_ms, packages_ms } = await loadNetarcade(options.lock);
  // no nulls: toPy would turn them into JsNull, not None
  const globals = pyodide.toPy({
    GAME: options.game ?? "",
    SECONDS: options.seconds,
    BOTS: options.bots,
    PLAYERS: options.players ?? 0,
    WARMUP: options.warmup ?? -1,
  });
  let report;
  try {
    report = JSON.parse(await pyodide.runPythonAsync(BENCH_CODE, { globals }));
  } finally {
    globals.destroy();
  }
  if (options.cpython) {
    if (!existsSync(options.cpython)) {
      console.error(`scripts/bench/pyodide.mjs: ${options.cpython} is missing (python -m netarcade bench --save FILE)`);
    } else {
      const cpython = JSON.parse(readFileSync(options.cpython, "utf8"));
      for (const line of ratioLines(report, cpython)) console.log(line);
      report.cpython = cpython;
    }
  }
  report.load_ms = Math.round(load_ms + packages_ms);
  report.node = process.version;
  if (options.save) writeFileSync(options.save, JSON.stringify(report, null, 1) + "\n");
  console.log(`pyodide-bench: ${JSON.stringify(report)}`);
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
