#!/usr/bin/env python3
"""How precise is a move analysis: the same record analysed with several analysis seeds.

What it is for: docs/bots.md, "Move analysis". For a record (a file holding
one), it runs ``bots.analysis`` at the page's settings (``PAGE_SETTINGS``,
or ``--worlds`` and ``--search-share``) once per analysis seed 1..N and
prints, per seed, the CPU time, decisions and marked moves, then the
spread over the seeds: the standard deviation of each decision's chance
after the move played and of its loss (median, p90, max over the
decisions), how many decisions got the same search choice in every run,
and how many were marked by some seed and by every seed.

What it is not: a test (it prints figures).

Usage: ``python scripts/research/analysis_spread.py RECORD_FILE [--seeds 5] [--worlds W] [--search-share F]``
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from netarcade.cli.analyse import analyse  # noqa: E402
from netarcade.bots.analysis import PAGE_SETTINGS  # noqa: E402
from netarcade.core.record import canonical_bytes, decode_record  # noqa: E402


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("record", help="a file holding one record")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--worlds", type=int, default=PAGE_SETTINGS.worlds)
    parser.add_argument("--search-share", type=float, default=PAGE_SETTINGS.search_share)
    parser.add_argument("--digest", action="store_true",
                        help="print the digest of the first seed's decisions (scripts/bench/analysis_pyodide.mjs prints it too)")
    args = parser.parse_args(argv)
    record = decode_record(Path(args.record).read_text())
    runs = []
    for seed in range(1, args.seeds + 1):
        settings = replace(PAGE_SETTINGS, worlds=args.worlds, search_share=args.search_share, seed=seed)
        started = time.process_time()
        _, decisions = analyse(record, settings)
        cpu = time.process_time() - started
        runs.append(decisions)
        if args.digest and seed == 1:
            digest = hashlib.sha256(canonical_bytes([d.to_json() for d in decisions])).hexdigest()[:16]
            print(f"{record.game} seed 1 digest {digest}")
        marked = [(d.index + 1, d.mark) for d in decisions if d.mark]
        print(f"{record.game} seed {seed}: {len(record.actions)} moves, {len(decisions)} decisions, "
              f"{len(marked)} marked {marked}, {cpu:.2f} s CPU", flush=True)
    count = len(runs[0])
    after = [statistics.pstdev([run[i].after_played for run in runs]) for i in range(count)]
    loss = [statistics.pstdev([run[i].loss for run in runs]) for i in range(count)]
    same = sum(1 for i in range(count) if len({run[i].best for run in runs}) == 1)
    some = sum(1 for i in range(count) if any(run[i].mark for run in runs))
    every = sum(1 for i in range(count) if all(run[i].mark for run in runs))
    print(f"spread over {args.seeds} seeds, {count} decisions: chance after the move played, standard deviation "
          f"median {statistics.median(after):.3f} p90 {quantile(after, .9):.3f} max {max(after):.3f}; loss "
          f"median {statistics.median(loss):.3f} p90 {quantile(loss, .9):.3f} max {max(loss):.3f}; the same "
          f"search choice in {same}; marked by some seed {some}, by every seed {every}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
