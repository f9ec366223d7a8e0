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

Tile = Annotated[
    str, Meta(pattern=r"^[0-6]-[0-6]$", description='A tile "a-b", e.g. "3-5".', examples=["3-5"])
]
Card = Annotated[
    str,
    Meta(
        pattern=r"^([AJQKajqk]|[2-9]|10)[CDHScdhs]$",
        description='A card "<rank><suit>": rank A 2-10 J Q K, suit C D H S, e.g. "7H", "10S".',
        examples=["7H"],
    ),
]
Piece = Annotated[
    str,
    Meta(
        pattern=r"^([0-6]-[0-6]|([AJQKajqk]|[2-9]|10)[CDHScdhs]|JK|jk)$",
        description='A tile "a-b" or a card "<rank><suit>" ("JK": a joker), as the game is played.',
        examples=["3-5", "7H"],
    ),
]
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
Chips = Annotated[int, Meta(ge=0, le=1_000_000_000)]
NetChips = Annotated[int, Meta(ge=-1_000_000_000, le=1_000_000_000)]
SeatKey = Annotated[str, Meta(pattern="^[0-7]$")]
StockCard = Annotated[
    str,
    Meta(
        pattern=r"^(([AJQKajqk]|[2-9]|10)[CDHScdhs]|JK|jk)$",
        description='A card of a two-deck game: "<rank><suit>", or "JK" for a joker.',
        examples=["7H"],
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
        Meta(max_length=256, description=("torneio: its fixed teams, pairs of player ids.")),
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
                "Player ids in order of play, as many as the game seats (most games 4; Mau "
                "Mau 4 to 8). In partnerships team A = seats 0, 2; team B = seats 1, 3."
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
                "plays: its seats must be the fixture's two teams (the first on seats 0, 2).",
            ),
        ]
        | None
    ) = None


class NewHand(Body, frozen=True, kw_only=True):
    deal: Annotated[
        Literal["server"] | None, Meta(description='"server": the service shuffles and deals.')
    ] = None
    hands: (
        Annotated[
            list[Annotated[list[Piece], Meta(max_length=28)]],
            Meta(max_length=8, description="The posted deal: a hand per seat, in seat order."),
        ]
        | None
    ) = None
    dorme: (
        Annotated[list[Tile], Meta(max_length=28, description=("The undealt tiles (pontos: 4)."))]
        | None
    ) = None
    dealer: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=7,
                description="Cards: the seat that deals (the seat due, or the first "
                "hand's: the table's last seat if not said); the seat after it leads.",
            ),
        ]
        | None
    ) = None
    trump_card: Annotated[Card | None, Meta(description=described("deal.trump_card"))] = None
    vira: Annotated[Card | None, Meta(description=described("deal.vira"))] = None
    starter: Annotated[StockCard | None, Meta(description=described("deal.starter"))] = None
    stock: (
        Annotated[list[StockCard], Meta(max_length=108, description=described("deal.stock"))] | None
    ) = None
    mortos: (
        Annotated[
            list[Annotated[list[StockCard], Meta(max_length=11)]],
            Meta(max_length=2, description=described("deal.mortos")),
        ]
        | None
    ) = None
    dealt: (
        Annotated[
            list[Annotated[int, Meta(ge=0, le=7)]],
            Meta(max_length=8, description=described("deal.dealt")),
        ]
        | None
    ) = msgspec.field(default=None, name="in")
    stacks: (
        Annotated[
            list[Chips],
            Meta(max_length=8, description=described("deal.stacks")),
        ]
        | None
    ) = None
    board: (
        Annotated[list[Card], Meta(min_length=5, max_length=5, description=described("deal.board"))]
        | None
    ) = None
    expected_version: ExpectedVersion = None


BidValue = Annotated[int, Meta(ge=1, le=13)] | Literal["nil", "double_nil"]


class NewMove(Body, frozen=True, kw_only=True):
    seat: (
        Annotated[
            int, Meta(ge=0, le=7, description="The seat that moves (every move but a board named).")
        ]
        | None
    ) = None
    tile: Annotated[Tile | None, Meta(description="The tile played; omit to pass.")] = None
    end: Annotated[
        Literal["left", "right"] | None,
        Meta(
            description=(
                "The end the tile is laid on; optional when only one end fits or the "
                "board is empty."
            )
        ),
    ] = None
    pass_: Annotated[bool, Meta(description=described("move.pass_", "true: the seat passes."))] = (
        msgspec.field(default=False, name="pass")
    )
    card: Annotated[
        StockCard | None, Meta(description=described("move.card", "Cards: the card played."))
    ] = None
    covered: Annotated[bool, Meta(description=described("move.covered"))] = False
    call: Annotated[
        Literal["truco", "seis", "nove", "doze"] | None,
        Meta(description=described("move.call")),
    ] = None
    accept: Annotated[bool, Meta(description=described("move.accept"))] = False
    run: Annotated[bool, Meta(description=described("move.run"))] = False
    redeal: Annotated[bool, Meta(description=described("move.redeal"))] = False
    bid: Annotated[BidValue | None, Meta(description=described("move.bid"))] = None
    give: (
        Annotated[
            list[Card],
            Meta(
                min_length=3,
                max_length=3,
                description=described("move.give"),
            ),
        ]
        | None
    ) = None
    draw: Annotated[Literal["stock", "pile"] | None, Meta(description=described("move.draw"))] = (
        None
    )
    cards: (
        Annotated[list[StockCard], Meta(max_length=108, description=described("move.cards"))] | None
    ) = None
    suit: Annotated[
        Literal["C", "D", "H", "S"] | None, Meta(description=described("move.suit"))
    ] = None
    mau_mau: Annotated[bool, Meta(description=described("move.mau_mau"))] = False
    accuse: Annotated[bool, Meta(description=described("move.accuse"))] = False
    meld: (
        Annotated[list[StockCard], Meta(max_length=14, description=described("move.meld"))] | None
    ) = None
    add: (
        Annotated[list[StockCard], Meta(max_length=14, description=described("move.add"))] | None
    ) = None
    to: Annotated[int, Meta(ge=0, le=60, description=described("move.to"))] | None = None
    discard: Annotated[StockCard | None, Meta(description=described("move.discard"))] = None
    go_out: (
        Annotated[
            list[Annotated[list[StockCard], Meta(max_length=10)]],
            Meta(max_length=4, description=described("move.go_out")),
        ]
        | None
    ) = None
    red_three: Annotated[
        Literal["3D", "3H", "3d", "3h"] | None, Meta(description=described("move.red_three"))
    ] = None
    na_boa: Annotated[bool, Meta(description=described("move.na_boa"))] = False
    furar: Annotated[bool, Meta(description=described("move.furar"))] = False
    burned: Annotated[bool, Meta(description=described("move.burned"))] = False
    check: Annotated[bool, Meta(description=described("move.check"))] = False
    bet_to: (
        Annotated[int, Meta(ge=1, le=1_000_000_000, description=described("move.bet_to"))] | None
    ) = None
    cover: Annotated[bool, Meta(description=described("move.cover"))] = False
    fold: Annotated[bool, Meta(description=described("move.fold"))] = False
    all_in: Annotated[bool, Meta(description=described("move.all_in"))] = False
    exchange: (
        Annotated[list[Card], Meta(max_length=5, description=described("move.exchange"))] | None
    ) = None
    received: (
        Annotated[list[Card], Meta(max_length=5, description=described("move.received"))] | None
    ) = None
    board: (
        Annotated[list[Card], Meta(min_length=1, max_length=3, description=described("move.board"))]
        | None
    ) = None
    expected_version: ExpectedVersion = None


class Sums(Body, frozen=True, kw_only=True):
    A: Annotated[int, Meta(ge=0, le=168, description="Pips left in team A's hands.")]
    B: Annotated[int, Meta(ge=0, le=168, description="Pips left in team B's hands.")]


class TeamPoints(Body, frozen=True, kw_only=True):
    A: Annotated[int, Meta(ge=0, le=120, description="Team A's card points.")]
    B: Annotated[int, Meta(ge=0, le=120, description="Team B's card points.")]


class TeamTricks(Body, frozen=True, kw_only=True):
    A: Annotated[int, Meta(ge=0, le=10, description="Tricks team A took.")]
    B: Annotated[int, Meta(ge=0, le=10, description="Tricks team B took.")]


class SideCount(Body, frozen=True, kw_only=True):
    """A side's count at the end of a rummy hand (Buraco)."""

    melded: Annotated[int, Meta(ge=0, le=1000, description="The points of the cards it laid.")]
    limpa: Annotated[int, Meta(ge=0, le=14, description="Its canastras limpas.")] = 0
    suja: Annotated[int, Meta(ge=0, le=14, description="Its canastras sujas.")] = 0
    mil: Annotated[int, Meta(ge=0, le=8, description="Its canastras de mil.")] = 0
    in_hand: Annotated[
        int, Meta(ge=0, le=1000, description="The points of the cards left in its hands.")
    ] = 0
    morto: Annotated[bool, Meta(description="It took its morto.")] = True
    red_threes: Annotated[
        int, Meta(ge=0, le=4, description="Tranca: its red 3s (laid, or held at the end).")
    ] = 0


class NewResult(Body, frozen=True, kw_only=True):
    outcome: Annotated[
        Literal["batida", "bloqueio"] | None, Meta(description=described("result.outcome"))
    ] = None
    seat: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=3,
                description=(
                    "batida: who went out; bloqueio: who blocked (needed on equal sums when the "
                    "rule set makes the blocker lose)."
                ),
            ),
        ]
        | None
    ) = None
    kind: Annotated[
        Literal["simples", "carroca", "la-e-lo", "cruzada"] | None,
        Meta(description="batida: its kind."),
    ] = None
    sums: Annotated[
        Sums | None,
        Meta(
            description=(
                "Pips left per team; needed for a bloqueio, and for a batida when pips count."
            )
        ),
    ] = None
    points: Annotated[
        TeamPoints | list[Annotated[int, Meta(ge=0, le=1000)]] | None,
        Meta(description=described("result.points")),
    ] = None
    tricks: Annotated[
        TeamTricks | list[Annotated[int, Meta(ge=0, le=13)]] | None,
        Meta(description=described("result.tricks")),
    ] = None
    bids: Annotated[list[BidValue] | None, Meta(description=described("result.bids"))] = None
    winner: Annotated[TeamName | Seat | None, Meta(description=described("result.winner"))] = None
    cards_left: (
        Annotated[
            list[Annotated[list[StockCard], Meta(max_length=108)]],
            Meta(max_length=8, description=described("result.cards_left")),
        ]
        | None
    ) = None
    ended_by: Annotated[
        Annotated[str, Meta(max_length=1)] | None, Meta(description=described("result.ended_by"))
    ] = None
    cards: Annotated[Literal[9, 10] | None, Meta(description=described("result.cards"))] = None
    void: Annotated[bool, Meta(description=described("result.void"))] = False
    sides: (
        Annotated[
            dict[Annotated[str, Meta(max_length=1)], SideCount],
            Meta(max_length=2, description=described("result.sides")),
        ]
        | None
    ) = None
    value: Annotated[int, Meta(ge=1, le=12, description=described("result.value"))] | None = None
    tie: Annotated[bool, Meta(description=described("result.tie"))] = False
    net: (
        Annotated[
            dict[
                Annotated[str, Meta(pattern="^[0-7]$")], Annotated[int, Meta(ge=-(10**9), le=10**9)]
            ],
            Meta(max_length=8, description=described("result.net")),
        ]
        | None
    ) = None
    stacks: (
        Annotated[list[Chips], Meta(max_length=8, description=described("result.stacks"))] | None
    ) = None
    played_at: (
        Annotated[
            datetime,
            Meta(
                tz=True,
                description="When the hand ended, for a score sheet typed in after the game "
                "(RFC 3339 with its zone): its durations and periods follow it. Not in the "
                "future, not before the previous hand ended. Default: now.",
            ),
        ]
        | None
    ) = None
    started_at: (
        Annotated[
            datetime,
            Meta(tz=True, description="When the hand began, if known (not after `played_at`)."),
        ]
        | None
    ) = None
    expected_version: ExpectedVersion = None


class NewClosing(Body, frozen=True, kw_only=True):
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
    seat: Annotated[int, Meta(ge=0, le=7, description="Or the seat that left.")] | None = None
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
