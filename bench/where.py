"""Where each serving process's CPU goes while `bench/api.py --profile` measures it: the
service's and the bare endpoint's, part by part, beside each other.

py-spy samples a server's stacks (200 a second, without stopping it) over its first
round's measured window; each sample counts in one part of a write (`WHOLE`, then
`INNERMOST`). The answer's view calls the rules' own view, so it comes before the rules;
whatever the store does for a write (its cache of games, the secrets' seals, asyncpg) counts
in the store. The bare endpoint's parts are those it has too (Litestar, asyncpg, the socket,
HTTP, the loop): the others are the service's own work. Samples of threads that only wait
(the thread pool's idle workers) are left out: they use no CPU.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

Parts = tuple[tuple[str, re.Pattern[str]], ...]


def _parts(*named: tuple[str, str]) -> Parts:
    return tuple((name, re.compile(pattern)) for name, pattern in named)


WHOLE: Parts = _parts(
    ("read models (the runner, the torneio policy)", r"\((projections|service/policies)/?"),
    ("the answer's view (what the sender may see)", r"service/http/matches/(views|dispute)"),
    ("the rules (decide, evolve)", r"\(domain/"),
    ("the event store (append, the games' cache, seals)", r"\(service/store/"),
    ("the answer's JSON", r"encode_json"),
    ("sending the answer (the socket)", r"_HeadWithBody|RequestResponseCycle\.send"),
)
"""Parts a sample counts in when any frame of its stack is theirs, in this order."""
INNERMOST: Parts = _parts(
    ("the write's checks (access, keys, its body)", r"service/http/matches/(?!lean_writes)"),
    (
        "middleware, routing, tokens, the request's body",
        r"service/http/(web|auth)|litestar/|lean_writes",
    ),
    ("HTTP parsing (httptools, uvicorn's protocol)", r"httptools|service/http_server"),
    ("asyncpg outside the above", r"\(asyncpg/"),
)
"""The rest: the innermost frame of one of these parts decides (every request's stack
passes through the protocol and the middleware on its way to what it does)."""
PARTS = WHOLE + INNERMOST
OTHER = "the event loop and the rest"
_WAITING = re.compile(r"\(concurrent/futures/thread\.py|\(threading\.py:\d+\)$")


class Profile:
    """A py-spy recording of one process (and its workers) for a few seconds."""

    def __init__(self, output: Path, *, workers: bool = False) -> None:
        """`workers`: the process's children too (`serve --workers N`)."""
        self.output = output
        self.workers = workers
        self._recording: subprocess.Popen[bytes] | None = None

    def start(self, pid: int, seconds: float) -> None:
        if self._recording is not None:
            return  # the first round only
        command = [
            str(Path(sys.executable).parent / "py-spy"), "record", "--pid", str(pid),
            "--rate", "200", "--duration", str(max(1, int(seconds))), "--format", "raw",
            "--output", str(self.output), "--nonblocking",
            *(["--subprocesses"] if self.workers else []),
        ]  # fmt: skip
        self._recording = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def parts(self) -> tuple[list[tuple[str, float]], int]:
        """Each part's share of the samples that used CPU, largest first, and their number."""
        if self._recording is None:
            return [], 0
        _, errors = self._recording.communicate(timeout=120)
        if self._recording.returncode != 0:
            raise RuntimeError(f"py-spy failed: {errors.decode(errors='replace')[-500:]}")
        counts = parts_of(self.output.read_text().splitlines())
        total = sum(counts.values())
        return [(name, n / total) for name, n in counts.most_common()], total


def parts_of(lines: list[str]) -> Counter[str]:
    """Samples per part, from py-spy's raw lines (`frame;frame;... count`)."""
    counts: Counter[str] = Counter()
    for line in lines:
        stack, _, count = line.rstrip().rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = stack.split(";")
        if _WAITING.search(frames[-1]):
            continue
        counts[_part(frames)] += int(count)
    return counts


def _part(frames: list[str]) -> str:
    for name, pattern in WHOLE:
        if any(pattern.search(frame) for frame in frames):
            return name
    for frame in reversed(frames):
        for name, pattern in INNERMOST:
            if pattern.search(frame):
                return name
    return OTHER


def report(
    service: tuple[list[tuple[str, float]], int],
    service_cpu_per_write: float,
    bare: tuple[list[tuple[str, float]], int],
    bare_cpu_per_write: float,
) -> None:
    """Each part's microseconds per write on both sides, the service's largest first, and
    what the service spends more: the parts the bare endpoint has too (the loop, the socket,
    HTTP, Litestar, asyncpg) are told apart from those it has no counterpart for."""
    mine, theirs = dict(service[0]), dict(bare[0])
    print(
        f"  where each server's CPU went (py-spy, the first round: {service[1]:,} samples of"
        f" the service, {bare[1]:,} of the bare endpoint), us per write:",
        flush=True,
    )
    print(f"    {'part':<52} {'service':>8} {'bare':>6} {'more':>6}", flush=True)
    for name in [name for name, _ in service[0]] + [n for n in theirs if n not in mine]:
        ours = mine.get(name, 0.0) * service_cpu_per_write * 1e6
        bares = theirs.get(name, 0.0) * bare_cpu_per_write * 1e6
        print(f"    {name:<52} {ours:8.0f} {bares:6.0f} {ours - bares:+6.0f}", flush=True)
