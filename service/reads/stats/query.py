"""The games a statistics read counts: a competition, a period of finish times, a rule set
or a game, checked against each other and made one `RankingQuery`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

import msgspec
from litestar.datastructures import State
from msgspec import Meta

from domain import BY_NAME, DEFAULT_GAME, game_of
from domain.games import BY_PRESET
from projections.rankings import RankingQuery
from service.reads.errors import InvalidQuery
from service.store.registry import Registry, parse_id

_INSTANT = Annotated[datetime, Meta(tz=True)]


_END = datetime(3001, 1, 2, tzinfo=UTC)
"""The end of 3000 in every zone: the latest `until` (3000's last season ends in 3001)."""


def _instant(text: str | None, until: bool = False) -> datetime | None:
    """An RFC 3339 instant with its zone, in years 1900 to 3000 (an `until`, to the end of
    3000 in any zone); else `invalid-period`."""
    if text is None:
        return None
    try:
        instant: datetime | None = msgspec.convert(text, _INSTANT)
    except msgspec.ValidationError:
        instant = None
    if instant is None or not (
        1900 <= instant.year <= 3000 or (until and instant.year == 3001 and instant < _END)
    ):
        raise InvalidQuery(
            "invalid-period",
            f"{text!r} is not an instant: write it RFC 3339 with a zone, e.g. 2025-05-01T20:00:00Z",
        )
    return instant


async def ranking_query(
    state: State,
    competition: str | None,
    since_text: str | None,
    until_text: str | None,
    preset: str | None,
    game: str | None = None,
    *,
    one_rule_set: bool = False,
    **more: Any,
) -> RankingQuery:
    """The games asked for. `one_rule_set`: a ranking's, which never adds points of
    different scales: pontos unless a rule set is asked, or the competition's (R3)."""
    since, until = _instant(since_text), _instant(until_text, until=True)
    if since is not None and until is not None and since >= until:
        raise InvalidQuery("invalid-period", "since must be before until")
    if competition is not None:
        registry: Registry = state.registry
        rules = (await registry.competition(competition)).rules
        competition = parse_id(competition, "competition")
        if preset is None and game in (None, game_of(rules).name):
            preset = rules.preset
    if preset is not None:
        if game is not None and BY_PRESET[preset].name != game:
            raise InvalidQuery("invalid-parameters", f"{preset} is not a rule set of {game}")
        game = BY_PRESET[preset].name
    game = game or DEFAULT_GAME
    if preset is None and one_rule_set:
        preset = BY_NAME[game].presets[0]
    return RankingQuery(
        competition_id=competition,
        since=since,
        until=until,
        preset=preset,
        presets=BY_NAME[game].presets,
        game=game,
        **more,
    )
