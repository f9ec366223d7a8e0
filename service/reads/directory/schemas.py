"""The answers of the lists: a page of games, of players, of competitions."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from msgspec import Meta


class MatchSummary(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The game's id.")]
    status: Annotated[
        str,
        Meta(description="in_progress, finished, confirmed, cancelled, disputed or annulled."),
    ]
    preset: Annotated[str, Meta(description="Its rule set.")]
    seats: Annotated[list[str], Meta(description="Player ids in order of play.")]
    score: Annotated[
        dict[str, int],
        Meta(description='Points per side: {"A": n, "B": n}, or per seat: {"0": n, ...}.'),
    ]
    winner: Annotated[
        str | None, Meta(description="The winning side, once finished (null: a shared first).")
    ]
    competition_id: Annotated[str | None, Meta(description="Its competition, if any.")]
    stage: Annotated[str | None, Meta(description="Its torneio stage, if any.")]
    created_at: Annotated[datetime, Meta(description="When it was created.")]
    finished_at: Annotated[datetime | None, Meta(description="When it finished.")]
    counts_for: Annotated[
        list[int] | None,
        Meta(
            description="Once confirmed: the seats whose players consented, for whom it "
            "counts (the game's own `counts_for`)."
        ),
    ] = None
    stale: Annotated[
        bool,
        Meta(description="Finished, unconfirmed for longer than DOMINO_DISPUTE_DAYS (7)."),
    ] = False
    places: Annotated[
        list[list[str]] | None,
        Meta(
            description="Once finished: every side, best first, those sharing a place together "
            '([["2", "3"], ["0"], ["1"]] at a game played alone); null before.'
        ),
    ] = None


class Page(msgspec.Struct, frozen=True, kw_only=True):
    total: Annotated[int, Meta(description="How many match the filters, on every page.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


class MatchList(Page, frozen=True, kw_only=True):
    matches: Annotated[list[MatchSummary], Meta(description="Newest first.")]


class PlayerEntry(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The player's id.")]
    name: Annotated[str, Meta(description="Display name.")]
    registered_at: Annotated[datetime, Meta(description="When they were registered.")]


class PlayerList(Page, frozen=True, kw_only=True):
    players: Annotated[list[PlayerEntry], Meta(description="By name, then id.")]


class CompetitionEntry(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The competition's id.")]
    name: Annotated[str, Meta(description="Its name.")]
    kind: Annotated[str, Meta(description="amistoso or torneio.")]
    preset: Annotated[str, Meta(description="Its rule set.")]
    created_at: Annotated[datetime, Meta(description="When it was created.")]


class CompetitionList(Page, frozen=True, kw_only=True):
    competitions: Annotated[list[CompetitionEntry], Meta(description="Newest first.")]
