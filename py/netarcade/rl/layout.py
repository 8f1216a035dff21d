"""The shape of an observation and of an action space: named segments.

What it is for: each game's encoder (``rl/<game>.py``) declares its
observation as a list of named segments (how many numbers, their upper
bound, what they mean) and its actions as a list of named blocks (how many
indices each verb takes). Both become fixed-shape spaces, and the same
declarations print the tables of docs/rl.md (``markdown``), so the page and
the code cannot drift (``tests/rl/test_rl_env.py`` compares them).

What it is not: the reading of a view (the encoders do that) or an
environment (``aec.py``, ``single.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Segment:
    name: str
    size: int
    high: float
    meaning: str


class Layout:
    """Named segments of one flat ``float32`` vector, each value in ``0..high``."""

    def __init__(self, segments: list[Segment]):
        self.segments = tuple(segments)
        self.offsets: dict[str, tuple[int, int]] = {}
        start = 0
        for segment in self.segments:
            if segment.name in self.offsets or segment.size <= 0:
                raise ValueError(f"segment {segment.name!r} repeated or empty")
            self.offsets[segment.name] = (start, start + segment.size)
            start += segment.size
        self.size = start
        self.high = np.concatenate([np.full(s.size, s.high, dtype=np.float32) for s in self.segments])
        self.low = np.zeros(self.size, dtype=np.float32)

    def blank(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def part(self, out: np.ndarray, name: str) -> np.ndarray:
        """The slice of ``out`` that holds segment ``name`` (a view: write into it)."""
        start, stop = self.offsets[name]
        return out[start:stop]

    def parts(self, out: np.ndarray) -> dict[str, np.ndarray]:
        """Every segment's slice of ``out`` by name (views: write into them)."""
        return {name: out[start:stop] for name, (start, stop) in self.offsets.items()}

    def finish(self, out: np.ndarray) -> np.ndarray:
        """``out`` held to its bounds (a count past its declared bound is shown at the bound)."""
        np.clip(out, self.low, self.high, out=out)
        return out

    def markdown(self) -> str:
        rows = ["| segment | size | range | meaning |", "|---|---|---|---|"]
        for segment in self.segments:
            start, stop = self.offsets[segment.name]
            high = int(segment.high) if float(segment.high).is_integer() else segment.high
            rows.append(f"| `{segment.name}` [{start}:{stop}] | {segment.size} | 0..{high} | {segment.meaning} |")
        rows.append(f"| total | {self.size} | | |")
        return "\n".join(rows)


@dataclass(frozen=True)
class Block:
    name: str
    size: int
    meaning: str


class ActionBlocks:
    """Consecutive index ranges of a flat action space, one per verb."""

    def __init__(self, blocks: list[Block]):
        self.blocks = tuple(blocks)
        self.offsets: dict[str, int] = {}
        start = 0
        for block in self.blocks:
            self.offsets[block.name] = start
            start += block.size
        self.size = start

    def block_of(self, index: int) -> tuple[Block, int]:
        """The block an index falls in and its position inside the block."""
        for block in self.blocks:
            start = self.offsets[block.name]
            if start <= index < start + block.size:
                return block, index - start
        raise IndexError(f"action index {index} outside 0..{self.size - 1}")

    def markdown(self) -> str:
        rows = ["| indices | verb | count | index inside the block |", "|---|---|---|---|"]
        for block in self.blocks:
            start = self.offsets[block.name]
            rows.append(f"| {start}..{start + block.size - 1} | `{block.name}` | {block.size} | {block.meaning} |")
        rows.append(f"| total | | {self.size} | |")
        return "\n".join(rows)
