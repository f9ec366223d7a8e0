"""Poker fechado (seed 003; card-rules.md section 8): 2 to 8 players; a short deck by the
seats dealt in (P1: 7 to the ace with up to four, 6 with five or six, 5 with seven, 4 with
eight); the pingo; five cards each; a betting round; the exchange of 0 to 5 cards from the
seat after the dealer (P2: a stock run short is made again from the cards thrown); a
second round opened by the first seat still in after the dealer (P3); the showdown, where
the seed's ranking holds (a full house beats a flush unless the table swaps them: P8) and
an ace-low straight sits just below the deck's lowest rank (P9)."""

from collections.abc import Sequence
from datetime import datetime

from domain.cards.betting import game as betting
from domain.cards.betting.hand import Streets
from domain.cards.cards import DECK_52, rank_of
from domain.match.commands import Command
from domain.match.events import Event
from domain.match.game import Examples, Game
from domain.match.requests import HandRequest, MoveRequest, ResultRequest
from domain.match.state import Match

SEATS = (2, 3, 4, 5, 6, 7, 8)
_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def lowest_rank(seats: int) -> int:
    """P1: the deck's lowest rank for this many seats dealt in."""
    return 7 if seats <= 4 else 6 if seats <= 6 else 5 if seats == 7 else 4


def deck_for(seats: int) -> tuple[str, ...]:
    low = lowest_rank(seats)
    return tuple(c for c in DECK_52 if _ORDER.index(rank_of(c)) + 2 >= low)


POKER = betting.Variant(
    name="poker",
    title="Poker fechado",
    streets=Streets(order=("bet1", "draw", "bet2"), board={}, draw="draw"),
    hole=5,
    deck=deck_for,
    low=lowest_rank,
    stock_size=lambda seats: None,
)


def decide(command: Command, state: Match) -> list[Event]:
    return betting.decide(command, state, POKER)


def evolve(state: Match, event: Event) -> Match:
    return betting.evolve(state, event, POKER)


def deal(request: HandRequest, at: datetime) -> Command:
    return betting.deal_of(request, at, POKER)


def served(state: Match, order: Sequence[str], at: datetime, request: HandRequest) -> Command:
    return betting.served(state, order, at, request, POKER)


def shuffled(state: Match, order: Sequence[str], at: datetime) -> Command:
    return served(state, order, at, HandRequest(hands=[]))


def move(request: MoveRequest, at: datetime) -> Command:
    return betting.move_of(request, at, POKER)


def result(request: ResultRequest, at: datetime) -> Command:
    return betting.result_of(request, at)


EXAMPLES = Examples(
    create={
        "poker": (
            "A poker fechado session: pingo 10, bets from 20, a table limit of 200",
            {"preset": "poker", "overrides": {"pingo": 10, "minimum": 20, "limit": 200}},
        ),
    },
    deal={
        "poker": (
            "Poker fechado (3 seats, 7 to the ace): the first hand gives the chips",
            {
                "dealer": 2,
                "stacks": [500, 500, 500],
                "hands": [
                    ["AH", "AD", "7C", "9S", "JD"],
                    ["KC", "KS", "8H", "8D", "10C"],
                    ["QH", "JH", "10H", "9H", "7H"],
                ],
            },
        ),
    },
    move={
        "exchange": (
            "Poker fechado: throw two cards and receive two (named when no stock was posted)",
            {"seat": 0, "exchange": ["7C", "9S"], "received": ["AS", "8C"]},
        ),
        "poker-bet": ("Poker fechado: bet 40 (apostar)", {"seat": 0, "bet_to": 40}),
    },
    result={
        "poker": (
            "Poker fechado: a hand by the chips each seat won or lost",
            {"net": {"0": 90, "1": -60, "2": -30}, "stacks": [500, 500, 500]},
        ),
    },
)

FIELDS = {
    "deal.stacks": "every seat's chips: on the first hand, or to top a stack up.",
    "deal.dealt": "the seats dealt in (all with chips when not said); the deck follows "
    "their number (P1).",
    "deal.stock": "poker fechado: the rest of the short deck, top first (optional: without "
    "it, each exchange names the cards received).",
    "move.exchange": "poker fechado: the cards thrown away (0 to 5; [] stands pat).",
    "move.received": "poker fechado: the cards received, named when no stock was posted.",
    "move.bet_to": "bet or raise: the seat's total in this betting round after the move.",
    "move.cover": "call (cobrir); with too few chips, an all-in call.",
    "move.check": "check (mesa), when there is nothing to call.",
    "move.fold": "fold (correr), allowed at any turn.",
    "move.all_in": "put every chip in (a bet, a raise or a call).",
    "result.net": "the chips each seat won or lost, keyed by seat, summing to 0.",
    "hand.scores": "the chips each seat dealt in won or lost.",
    "penalty.kind": "slow-play, out-of-turn, cards-shown, signal (noted as warnings).",
}

POKER_GAME = Game(
    name="poker",
    family="betting",
    presets=("poker",),
    decide=decide,
    evolve=evolve,
    after_hand=betting.after_hand,
    deck=DECK_52,
    shuffled=shuffled,
    served=served,
    deal=deal,
    move=move,
    result=result,
    result_body=betting.result_body,
    revealed=betting.revealed,
    shown=betting.shown,
    examples=EXAMPLES,
    fields=FIELDS,
    seats=SEATS,
    partnerships="never",
    restock=betting.to_restock,
)
