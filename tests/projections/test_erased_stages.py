"""An erasure folded by `stats`: the torneio stages its player wrote are cleared from the
rows that hold one, whichever batch wrote them (one that read a stage before the erasure
and wrote it after included), and a rebuild's remembered games are read back, not written
again from memory."""

from __future__ import annotations

from typing import Any

import msgspec

from domain import MatchCancelled
from domain.competitions import PlayerErased
from domain.events import encode
from projections.base import StoredEvent
from projections.remembered import RememberedGames
from projections.stats import Stats
from tests.domain.builders import AT, created

STAGE = "Final na casa da Ana"


def _stored(position: int, stream: str, event: Any) -> StoredEvent:
    tag = event.__struct_config__.tag
    return StoredEvent(position, stream, tag, encode(event).decode())


def _staged(match_id: str, position: int) -> StoredEvent:
    game = msgspec.structs.replace(created(), competition_id="c1", stage=STAGE)
    return _stored(position, f"match-{match_id}", game)


def _erased(position: int, *staged: str) -> StoredEvent:
    return _stored(position, "player-ana", PlayerErased(at=AT, staged=staged))


async def _stages(db: Any) -> dict[str, tuple[str | None, str | None]]:
    rows = await db.fetch("SELECT match_id, stage, facts ->> 'stage' FROM proj_games")
    return {r[0]: (r[1], r[2]) for r in rows}


async def test_the_erasures_fold_clears_a_stage_written_after_the_erasure(db: Any) -> None:
    stats = Stats()
    await stats.apply(db, [_staged("m1", 1), _staged("m2", 2)])  # read before the erasure
    assert await _stages(db) == {"m1": (STAGE, STAGE), "m2": (STAGE, STAGE)}

    await stats.apply(db, [_erased(3, "m1")])

    assert await _stages(db) == {"m1": (None, None), "m2": (STAGE, STAGE)}


async def test_a_rebuilds_remembered_game_is_read_back_after_its_stage_is_erased(db: Any) -> None:
    stats = Stats(remembered=RememberedGames())
    cancelled = _stored(3, "match-m1", MatchCancelled(at=AT, by="ana"))
    await stats.apply(db, [_staged("m1", 1), _erased(2, "m1"), cancelled])

    assert await _stages(db) == {"m1": (None, None)}
    status = await db.fetchval("SELECT status FROM proj_games WHERE match_id = 'm1'")
    assert status != "in_progress"
