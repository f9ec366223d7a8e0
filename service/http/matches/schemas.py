"""The request and answer bodies of API v1. Separate from the domain's events on purpose:
clients rely on these shapes; add fields freely, never rename or remove one."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from litestar.params import PathParameter
from msgspec import Meta

from domain import BY_NAME, PRESETS
from service.http.competitions.tournament_schemas import FormatIn
from service.http.matches.described import described
from service.http.web.body import Body

# Cards and tiles are read by one grammar (domain/codes.py): a card in capitals only.
if TYPE_CHECKING:
    PresetName = str
    GameName = str
else:  # the registry's names, so that a new game needs no change here
    PresetName = Literal[tuple(PRESETS)]
    GameName = Literal[tuple(BY_NAME)]
Seat = Annotated[
    int,
    Meta(
        ge=0,
        le=7,
        description="A seat in order of play, 0 to the table's last (partnerships: A = 0, 2).",
    ),
]
TeamName = Literal["A", "B"]
Version = Annotated[int, Meta(ge=0, description="The game's version (its number of events).")]
ExpectedVersion = (
    Annotated[
        int,
        Meta(
            ge=0,
            description="Refuse the write (409) unless the game is at this "
            "version. Same as the If-Match header.",
        ),
    ]
    | None
)
MatchIdPath = Annotated[str, PathParameter(description="The game's id.")]
PlayerId = Annotated[str, Meta(max_length=100, description="A player's id.")]


class NewPlayer(Body, frozen=True, kw_only=True):
    name: Annotated[
        str, Meta(min_length=1, max_length=100, description="Display name.", examples=["Zé"])
    ]


class PlayerOut(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The player's id.")]
    name: Annotated[str, Meta(description="Display name.")]
    token: Annotated[
        str | None,
        Meta(description="The player's bearer token: shown once, at registration. Keep it."),
    ] = None
    token_expires_at: Annotated[
        datetime | None,
        Meta(
            description="When that token stops working (null: never). Before then, the "
            "player gets a new one with POST /v1/players/{id}/tokens."
        ),
    ] = None


class RulesIn(Body, frozen=True, kw_only=True):
    preset: Annotated[
        PresetName,
        Meta(description="The rule set, which names the game: " + ", ".join(PRESETS) + "."),
    ]
    target: (
        Annotated[
            int, Meta(ge=1, le=100_000, description="Points that win the game (each game caps it).")
        ]
        | None
    ) = None
    overrides: Annotated[
        dict[str, Any] | None,
        Meta(description="Other settings over the preset (see `rules` in a game's state)."),
    ] = None

    def settings(self) -> dict[str, Any]:
        changes = dict(self.overrides or {})
        if self.target is not None:
            changes["target"] = self.target
        return changes


class MesaIn(Body, frozen=True, kw_only=True):
    draw: Annotated[
        Literal["higher", "lower"],
        Meta(description="The higher tile (or the lower) partners the newcomer."),
    ] = "higher"


class NewCompetition(Body, frozen=True, kw_only=True):
    name: Annotated[str, Meta(min_length=1, max_length=100, description="Its name.")]
    kind: Annotated[
        Literal["amistoso", "torneio"],
        Meta(description="amistoso: teams per game; torneio: fixed teams and rules."),
    ]
    rules: Annotated[RulesIn, Meta(description="The rule set every game of it uses.")]
    organizers: Annotated[
        list[PlayerId],
        Meta(max_length=20, description=("Players who organize it (the creator is always one).")),
    ] = msgspec.field(default_factory=list)
    teams: Annotated[
        list[list[PlayerId]],
        Meta(
            max_length=256,
            description="torneio: its fixed teams, pairs of player ids; players alone at "
            "tables (a format with a table, or a tournament of chips): [[p1], [p2], ...].",
        ),
    ] = msgspec.field(default_factory=list)
    format: Annotated[
        FormatIn | None,
        Meta(
            description="torneio: its stages, for the service to run it: fixtures, standings, "
            "the next round and the champion follow the confirmed games. Without it a "
            "torneio's games are labelled with their stage by hand."
        ),
    ] = None
    prizes: Annotated[
        dict[str, Annotated[str, Meta(min_length=1, max_length=200)]] | None,
        Meta(description='torneio: the prize of each place, declared now: {"1": "Troféu"}.'),
    ] = None
    mesa: Annotated[
        MesaIn | None,
        Meta(
            description='amistoso of dominoes: one mesa of consecutive games, `{"draw": '
            '"higher"}` or `"lower"`: which tile drawn by the losers partners a newcomer.'
        ),
    ] = None


class CompetitionOut(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The competition's id.")]
    name: Annotated[str, Meta(description="Its name.")]
    kind: Annotated[str, Meta(description="amistoso or torneio.")]
    rules: Annotated[dict[str, Any], Meta(description="The effective rules of its games.")]
    organizers: Annotated[list[str], Meta(description="Organizers' player ids.")]
    teams: Annotated[list[list[str]], Meta(description="torneio: the fixed teams.")]
    created_at: Annotated[datetime, Meta(description="When it was created.")]
    format: Annotated[
        dict[str, Any] | None, Meta(description="A torneio run by the service: its format.")
    ] = None
    prizes: Annotated[dict[str, str], Meta(description="Place to prize.")] = msgspec.field(
        default_factory=dict
    )
    status: Annotated[
        str | None, Meta(description="A torneio run by the service: in_progress or finished.")
    ] = None
    champion: Annotated[
        int | None, Meta(description="Once finished: the winning team (index into teams).")
    ] = None
    mesa: Annotated[
        dict[str, Any] | None,
        Meta(description="An amistoso played as a mesa: its draw rule; see `.../next`."),
    ] = None


class NewMatch(Body, frozen=True, kw_only=True):
    rules: Annotated[
        RulesIn | None, Meta(description="Rule set and overrides; omitted: the competition's.")
    ] = None
    seats: Annotated[
        list[PlayerId],
        Meta(
            min_length=2,
            max_length=8,
            description=(
                "Player ids in order of play, as many as the game seats (most games 4; some 2 "
                "to 8). In partnerships team A = seats 0, 2; team B = seats 1, 3."
            ),
        ),
    ]
    competition_id: Annotated[str | None, Meta(description="The competition, if any.")] = None
    stage: (
        Annotated[
            str,
            Meta(
                min_length=1,
                max_length=50,
                description='A torneio\'s stage, as its organizers name it: "grupo A", '
                '"quartas", "final". Lists and rankings filter by it.',
                examples=["grupo A"],
            ),
        ]
        | None
    ) = None
    place: Annotated[str, Meta(max_length=200, description="Where it is played.")] | None = None
    notes: Annotated[str, Meta(max_length=2000, description="Free notes.")] = ""
    fixture_id: (
        Annotated[
            str,
            Meta(
                max_length=50,
                description="The fixture of a torneio run by the service that this game "
                "plays: its seats must be the fixture's two teams (the first on seats 0, 2); "
                "at a table of players alone, its entrants, each once, in any order (a table "
                "of chips: the players still in at it; the game plays its level).",
            ),
        ]
        | None
    ) = None


class Sums(Body, frozen=True, kw_only=True):
    A: Annotated[int, Meta(ge=0, le=168, description="Pips left in team A's hands.")]
    B: Annotated[int, Meta(ge=0, le=168, description="Pips left in team B's hands.")]


class NewClosing(Body, frozen=True, kw_only=True):
    played_at: (
        Annotated[
            datetime,
            Meta(
                tz=True,
                description="When the session was closed, for a score sheet typed in after "
                "it (D27; an import closes a session at its export's `finished_at`): not in "
                "the future, not before its last hand ended. Default: now.",
            ),
        ]
        | None
    ) = None
    expected_version: ExpectedVersion = None


class NewPenalty(Body, frozen=True, kw_only=True):
    seat: Seat
    kind: Annotated[
        Literal[
            "wrong-tile-shown",
            "slow-play",
            "irregular-pass",
            "out-of-turn",
            "tiles-shown",
            "signal",
            "cards-shown",
            "renounce",
        ],
        Meta(description=described("penalty.kind", "The infraction.")),
    ]
    note: Annotated[str, Meta(max_length=500, description="What happened.")] = ""
    sums: Annotated[
        Sums | None,
        Meta(description=described("penalty.sums")),
    ] = None
    expected_version: ExpectedVersion = None


class NewAbandon(Body, frozen=True, kw_only=True):
    team: Annotated[TeamName | None, Meta(description="The team that abandons.")] = None
    seat: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=7,
                description="Or the seat that left (a game played alone: the seat that "
                "abandons, and takes the last place).",
            ),
        ]
        | None
    ) = None
    expected_version: ExpectedVersion = None


class NewUndo(Body, frozen=True, kw_only=True):
    expected_version: ExpectedVersion = None


class NewAnnulment(Body, frozen=True, kw_only=True):
    hand: Annotated[int, Meta(ge=1, description="The number of the last finished hand.")]
    expected_version: ExpectedVersion = None


class NewCancellation(Body, frozen=True, kw_only=True):
    expected_version: ExpectedVersion = None


class NewConfirmation(Body, frozen=True, kw_only=True):
    expected_version: ExpectedVersion = None
