"""What keeping secrets out of the hash chain costs (design.md, "Secrets in the history").

Run: .venv/bin/python bench/commitments.py [repeats]

Times, in one run, writing an event for the store as the previous release did (its body
encoded whole) and as it is now (`service.store.secrets.sealed`: each secret part apart with
a fresh 128-bit salt and its commitment), for a tile played (no secret), a dominoes deal
(four hands and the dorme: five commitments), a Sueca deal (four) and a covered Truco card
(one); and reading one back for the domain (`opened`). Prints the median of each in
microseconds and the ratio now/before.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parent), *(p for p in sys.path if Path(p or ".").resolve() != HERE)]

from domain import (  # noqa: E402  # noqa: E402
    ALL_TILES,
    DECK_40,
    DECODER,
    CardPlayed,
    CardsDealt,
    Event,
    HandStarted,
    TilePlayed,
)
from service.store.secrets import PUBLIC, opened, sealed  # noqa: E402

AT = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
META: dict[str, object] = {"actor": "bench", "request_id": "r-1"}


def before(event: Event) -> tuple[str, str]:
    """The previous release's row: the whole body, secrets and all, in `data`."""
    return PUBLIC.encode(event).decode(), PUBLIC.encode(META).decode()


def timed(action: Callable[[], object], repeats: int) -> float:
    """Median microseconds of one call, over `repeats` batches of 200 calls."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(200):
            action()
        samples.append((time.perf_counter() - start) / 200 * 1e6)
    return statistics.median(samples)


EVENTS: dict[str, Event] = {
    "tile played (no secret)": TilePlayed(at=AT, seat=1, tile="3-5", end="left"),
    "dominoes deal (5 parts)": HandStarted(
        at=AT,
        number=1,
        opener=3,
        opening_tile="6-6",
        hands=tuple(tuple(ALL_TILES[s * 6 : s * 6 + 6]) for s in range(4)),
        dorme=tuple(ALL_TILES[24:]),
    ),
    "sueca deal (4 parts)": CardsDealt(
        at=AT,
        number=1,
        dealer=3,
        opener=0,
        hands=tuple(tuple(DECK_40[s * 10 : s * 10 + 10]) for s in range(4)),
        trump_card=DECK_40[39],
    ),
    "covered truco card (1 part)": CardPlayed(at=AT, seat=2, card="7H", covered=True),
}


def main(argv: list[str]) -> None:
    repeats = int(argv[0]) if argv else 50
    print(
        f"{'event':<30} {'write before':>12} {'write now':>10} {'ratio':>6}"
        f" {'read before':>12} {'read now':>9} {'ratio':>6}   (median us)"
    )
    for name, event in EVENTS.items():
        old_data = before(event)[0]
        row = sealed(event, META)
        write_old = timed(lambda e=event: before(e), repeats)  # type: ignore[misc]
        write_new = timed(lambda e=event: sealed(e, META), repeats)  # type: ignore[misc]
        read_old = timed(lambda d=old_data: DECODER.decode(d), repeats)  # type: ignore[misc]
        read_new = timed(lambda r=row: opened(r.data, r.secret), repeats)  # type: ignore[misc]
        print(
            f"{name:<30} {write_old:>12.2f} {write_new:>10.2f} {write_new / write_old:>6.2f}"
            f" {read_old:>12.2f} {read_new:>9.2f} {read_new / read_old:>6.2f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
