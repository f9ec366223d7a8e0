"""What a torneio run by the service answers: its fixtures, its standings per stage and
group, its bracket, champion and prizes."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta


class FixtureOut(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    id: Annotated[str, Meta(description='"<stage>.<round>.<n>"; a third-place game ends "-3rd".')]
    stage: Annotated[int, Meta(description="The stage's number, from 1.")]
    stage_kind: Annotated[str, Meta(description="groups, swiss or knockout.")]
    round: Annotated[int, Meta(description="The round within its stage, from 1.")]
    group: Annotated[int | None, Meta(description="The group (from 0), in a groups stage.")]
    teams: Annotated[
        list[int | None],
        Meta(
            description="Indexes into the torneio's teams: the first plays as team A "
            "(seats 0, 2); null for a bye."
        ),
    ]
    match_id: Annotated[str | None, Meta(description="The game that plays it, if any.")]
    status: Annotated[str, Meta(description="pending, playing or decided.")]
    winner: Annotated[int | None, Meta(description="The team that won it, once decided.")]
    walkover: Annotated[bool, Meta(description="Decided because a team did not show up.")]
    abandoned: Annotated[bool, Meta(description="Its game ended by abandonment.")]
    hands: Annotated[list[int], Meta(description="Hands won by each team.")]
    points: Annotated[list[int], Meta(description="Points scored by each team.")]
    places: Annotated[
        list[int] | None,
        Meta(description="Players alone, once decided: each entrant's place at the table."),
    ] = None
    table: Annotated[int | None, Meta(description="A tournament of chips: the table's number.")] = (
        None
    )
    chips: Annotated[
        list[int] | None,
        Meta(description="A table of chips: the session: each entrant's chips when it started."),
    ] = None


class Fixtures(msgspec.Struct, frozen=True, kw_only=True):
    fixtures: Annotated[list[FixtureOut], Meta(description="Every fixture, in order.")]


class StandingRow(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    team: Annotated[int, Meta(description="Index into the torneio's teams.")]
    players: Annotated[list[str], Meta(description="The team's two player ids.")]
    place: Annotated[int, Meta(description="1 = first; the drawn lot leaves no tie.")]
    played: Annotated[int, Meta(description="Fixtures played, byes included.")]
    won: Annotated[int, Meta(description="Fixtures won, byes included: the first criterion.")]
    lost: Annotated[int, Meta(description="Fixtures lost.")]
    byes: Annotated[int, Meta(description="Byes (each worth a win).")]
    hands_for: Annotated[int, Meta(description="Hands won.")]
    hands_against: Annotated[int, Meta(description="Hands lost.")]
    points_for: Annotated[int, Meta(description="Points scored.")]
    points_against: Annotated[int, Meta(description="Points conceded.")]
    tie_breakers: Annotated[
        dict[str, float], Meta(description="Each tie-breaker's value, and the drawn lot's.")
    ]
    points: Annotated[
        int | None, Meta(description="Players alone: points by place, the first criterion.")
    ] = None
    out_at: Annotated[
        int | None, Meta(description="A tournament of chips: the hand (at its table) it went out.")
    ] = None
    chips: Annotated[
        int | None, Meta(description="A tournament of chips: its chips, while it is still in.")
    ] = None


class GroupStandings(msgspec.Struct, frozen=True, kw_only=True):
    group: Annotated[int | None, Meta(description="The group (from 0); null outside groups.")]
    rows: Annotated[list[StandingRow], Meta(description="Best first.")]


class StageStandings(msgspec.Struct, frozen=True, kw_only=True):
    stage: Annotated[int, Meta(description="The stage's number, from 1.")]
    kind: Annotated[str, Meta(description="groups, swiss or knockout.")]
    groups: Annotated[list[GroupStandings], Meta(description="One table per group.")]
    bracket: Annotated[
        list[list[FixtureOut]] | None,
        Meta(description="A knock-out's rounds, each its fixtures in bracket order."),
    ] = None


class Placed(msgspec.Struct, frozen=True, kw_only=True):
    team: Annotated[int, Meta(description="Index into the torneio's teams.")]
    players: Annotated[list[str], Meta(description="The team's two player ids.")]
    place: Annotated[int, Meta(description="Teams out in the same round share a place.")]
    prize: Annotated[str | None, Meta(description="The prize declared for this place.")]


class TableNow(msgspec.Struct, frozen=True, kw_only=True):
    table: Annotated[int, Meta(description="The table's number.")]
    fixture: Annotated[str, Meta(description="Its session now (a fixture).")]
    players: Annotated[list[int], Meta(description="The entrants still in at it.")]
    hands: Annotated[int, Meta(description="Hands dealt at this table number so far.")]
    level: Annotated[int, Meta(description="The level of its next hand, from 1.")]
    small_blind: Annotated[int, Meta(description="The next hand's small blind (or pingo).")]
    big_blind: Annotated[int, Meta(description="The next hand's big blind (or least bet).")]


class Standings(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    status: Annotated[str, Meta(description="in_progress or finished.")]
    champion: Annotated[int | None, Meta(description="The winning team, once finished.")]
    stages: Annotated[list[StageStandings], Meta(description="The stages entered so far.")]
    final: Annotated[
        list[Placed], Meta(description="Once finished: every team's place, with its prize.")
    ]
    tables: Annotated[
        list[TableNow] | None,
        Meta(description="A tournament of chips: each table in play, its level and players."),
    ] = None


class TournamentEventOut(msgspec.Struct, frozen=True, kw_only=True):
    version: Annotated[int, Meta(description="Its place in the torneio's stream (1: created).")]
    type: Annotated[str, Meta(description="What happened: fixtures_scheduled, ...")]
    data: Annotated[dict[str, object], Meta(description="The event, as recorded.")]
    recorded_at: Annotated[str, Meta(description="When it was recorded.")]
    hash: Annotated[str, Meta(description="Its link in the stream's hash chain.")]


class TournamentEvents(msgspec.Struct, frozen=True, kw_only=True):
    events: Annotated[
        list[TournamentEventOut],
        Meta(
            description="The torneio's own events after its creation, in order: fold them "
            "to replay it."
        ),
    ]
    created_hash: Annotated[
        str | None,
        Meta(
            description="The hash of its creation (version 1, in `/v1/events` with its texts' "
            "salts): the first event's link covers it, so the chain is checked from here."
        ),
    ] = None
