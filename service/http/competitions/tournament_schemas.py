"""The bodies a torneio run by the service is written with: its format (its stages and
tie-breakers) and a walkover. What it answers is read in service/reads/tournaments."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from domain.competitions.format import CHIPS_KIND
from service.http.web.body import Body

TieBreakerName = Literal[
    "head_to_head",
    "hands_difference",
    "points_difference",
    "games_won",
    "buchholz",
    "sonneborn_berger",
]


class StageIn(Body, frozen=True, kw_only=True, tag_field="kind"):
    pass


class GroupsIn(StageIn, frozen=True, kw_only=True, tag="groups"):
    """A round robin in each group, teams seeded into the groups in snake order."""

    groups: Annotated[int, Meta(ge=1, le=32, description="How many groups.")] = 1
    advance: Annotated[int, Meta(ge=1, le=64, description="How many of each group go through.")] = 2
    legs: Annotated[int, Meta(ge=1, le=2, description="1: each pair meets once; 2: twice.")] = 1
    games: Annotated[
        int, Meta(ge=1, le=20, description="Players alone: the games each group's table plays.")
    ] = 1


class SwissIn(StageIn, frozen=True, kw_only=True, tag="swiss"):
    """Rounds of teams paired within their score group, no rematch while avoidable."""

    rounds: Annotated[int, Meta(ge=1, le=20, description="How many rounds.")]
    advance: (
        Annotated[int, Meta(ge=2, le=256, description="How many go through (not last).")] | None
    ) = None


class KnockoutIn(StageIn, frozen=True, kw_only=True, tag="knockout"):
    """Single elimination; byes to the top seeds when the field is not a power of two."""

    third_place: Annotated[bool, Meta(description="Play a game for third place.")] = False
    advance: Annotated[
        int, Meta(ge=1, le=7, description="Players alone: the top k of each table go on.")
    ] = 1


class LevelIn(Body, frozen=True, kw_only=True):
    hands: Annotated[int, Meta(ge=1, le=1000, description="Hands dealt at a table at it.")]
    small_blind: Annotated[
        int, Meta(ge=0, le=1_000_000_000, description="The small blind (or the pingo).")
    ]
    big_blind: Annotated[
        int, Meta(ge=0, le=1_000_000_000, description="The big blind (or the least bet).")
    ]


class ChipsIn(StageIn, frozen=True, kw_only=True, tag=CHIPS_KIND):
    """A poker tournament (Hold'em or poker fechado): its only stage."""

    stack: Annotated[int, Meta(ge=1, le=1_000_000_000, description="Each player's chips.")]
    table: Annotated[int, Meta(ge=2, le=8, description="The most seated at a table.")]
    levels: Annotated[
        list[LevelIn],
        Meta(min_length=1, max_length=50, description="The levels; the last lasts for ever."),
    ]
    prizes: Annotated[
        list[Annotated[int, Meta(ge=0, le=1_000_000_000)]],
        Meta(max_length=256, description="The prize of each place, first first."),
    ] = []


class FormatIn(Body, frozen=True, kw_only=True):
    stages: Annotated[
        list[GroupsIn | SwissIn | KnockoutIn | ChipsIn],
        Meta(
            min_length=1,
            max_length=4,
            description="The stages, in order; the last gives "
            "the champion (a knock-out, a Swiss, or a single group).",
        ),
    ]
    tie_breakers: Annotated[
        list[TieBreakerName] | None,
        Meta(
            description="The standings' tie-breakers in order, after games won; a drawn "
            "lot, recorded at creation, settles what is left. Default: head_to_head, "
            "hands_difference, points_difference, games_won, buchholz, sonneborn_berger."
        ),
    ] = None
    table: Annotated[
        Annotated[int, Meta(ge=2, le=8)] | None,
        Meta(
            description="Players alone (teams of one): how many sit at a table, in the game's "
            "range.",
        ),
    ] = None
    points_by_place: Annotated[
        Annotated[list[Annotated[int, Meta(ge=0, le=1000)]], Meta(max_length=8)] | None,
        Meta(
            description="Players alone: each place's points, first first (default: the "
            "table's size less one, down to 0).",
        ),
    ] = None


_Entrant = Annotated[int, Meta(ge=0, le=255)]


class NewWalkover(Body, frozen=True, kw_only=True):
    absent: Annotated[
        _Entrant | Annotated[list[_Entrant], Meta(min_length=1, max_length=7)],
        Meta(
            description="The team (index) that did not show up: it loses. At a table of "
            "players alone, a list when several did not (G7): they share the table's last "
            "places, those present its first."
        ),
    ]


class NewTableHand(Body, frozen=True, kw_only=True):
    """A hand at a table of a tournament of chips, by its result (P18's shape)."""

    net: Annotated[
        dict[
            Annotated[str, Meta(max_length=100)],
            Annotated[int, Meta(ge=-1_000_000_000, le=1_000_000_000)],
        ],
        Meta(
            min_length=1,
            max_length=8,
            description="The chips each player at the table won or lost, by player id, summing "
            "to 0; a player left out won and lost nothing.",
        ),
    ]
