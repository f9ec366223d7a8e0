"""Texas Hold'em (seed 003; card-rules.md section 9): 2 to 8 players, a 52-card deck, two
hole cards each; the small and big blinds (heads-up, the dealer posts the small one: H1);
four betting rounds: pre-flop, after the flop (three cards), the turn and the river (one
each); the best five of the seven cards a seat sees win (H8: A-2-3-4-5 is a straight). The
board is posted with the deal (or shuffled by the service) and turns street by street by
itself, or the scorekeeper names each street. Bets follow the engine of
`domain.cards.betting.game`."""

from collections.abc import Sequence
from datetime import datetime

from domain.cards.betting import game as betting
from domain.cards.betting.hand import Streets
from domain.cards.cards import DECK_52
from domain.match.commands import Command
from domain.match.events import Event
from domain.match.game import Examples, Game
from domain.match.requests import HandRequest, MoveRequest, ResultRequest
from domain.match.state import Match

SEATS = (2, 3, 4, 5, 6, 7, 8)
HOLDEM = betting.Variant(
    name="texas-holdem",
    title="Texas Hold'em",
    streets=Streets(
        order=("preflop", "flop", "turn", "river"),
        board={"flop": 3, "turn": 1, "river": 1},
    ),
    hole=2,
    deck=lambda seats: DECK_52,
    low=lambda seats: 2,
    stock_size=lambda seats: 5,
)


def decide(command: Command, state: Match) -> list[Event]:
    return betting.decide(command, state, HOLDEM)


def evolve(state: Match, event: Event) -> Match:
    return betting.evolve(state, event, HOLDEM)


def deal(request: HandRequest, at: datetime) -> Command:
    return betting.deal_of(request, at, HOLDEM)


def served(state: Match, order: Sequence[str], at: datetime, request: HandRequest) -> Command:
    return betting.served(state, order, at, request, HOLDEM)


def shuffled(state: Match, order: Sequence[str], at: datetime) -> Command:
    return served(state, order, at, HandRequest(hands=[]))


def move(request: MoveRequest, at: datetime) -> Command:
    return betting.move_of(request, at, HOLDEM)


def result(request: ResultRequest, at: datetime) -> Command:
    return betting.result_of(request, at)


EXAMPLES = Examples(
    create={
        "texas-holdem": (
            "A Texas Hold'em session (no-limit, big blind 20)",
            {"preset": "texas-holdem", "overrides": {"big_blind": 20}},
        ),
    },
    deal={
        "texas-holdem": (
            "Texas Hold'em: the first hand gives every seat's chips; the board turns by itself",
            {
                "dealer": 3,
                "stacks": [1000, 850, 1200, 400],
                "hands": [["AH", "KD"], ["7C", "7S"], ["QH", "JH"], ["2D", "9C"]],
                "board": ["AS", "7D", "10H", "2S", "KC"],
            },
        ),
    },
    move={
        "bet_to": (
            "Texas Hold'em: raise to 60 (the seat's total in this round)",
            {"seat": 1, "bet_to": 60},
        ),
        "cover": ("Texas Hold'em: call (cobrir)", {"seat": 2, "cover": True}),
        "check": ("Texas Hold'em: check (mesa)", {"seat": 0, "check": True}),
        "fold": ("Texas Hold'em: fold (correr)", {"seat": 3, "fold": True}),
        "all_in": ("Texas Hold'em: all in", {"seat": 1, "all_in": True}),
        "board": (
            "Texas Hold'em: the flop, named by the scorekeeper (a board not posted)",
            {"board": ["AS", "7D", "10H"]},
        ),
    },
    result={
        "texas-holdem": (
            "Texas Hold'em: a hand by the chips each seat won or lost",
            {"net": {"0": -120, "1": 300, "2": -180, "3": 0}},
        ),
    },
)

FIELDS = {
    "deal.stacks": "every seat's chips: on the first hand, or to top a stack up.",
    "deal.dealt": "the seats dealt in (all with chips when not said).",
    "deal.board": "the five board cards in the order they turn (optional: without it, the "
    "scorekeeper names each street).",
    "move.bet_to": "bet or raise: the seat's total in this betting round after the move.",
    "move.cover": "call (cobrir); with too few chips, an all-in call.",
    "move.check": "check (mesa), when there is nothing to call.",
    "move.fold": "fold (correr), allowed at any turn.",
    "move.all_in": "put every chip in (a bet, a raise or a call).",
    "move.board": "the flop (three cards), the turn or the river (one), when no board was "
    "posted; sent without a seat.",
    "result.net": "the chips each seat won or lost, keyed by seat, summing to 0.",
    "result.stacks": "every seat's chips before the hand, on a session's first hand.",
    "hand.scores": "the chips each seat dealt in won or lost.",
    "hand.details": "the stacks after the hand, the pot and each pot's winners, whether it "
    "went to a showdown and which seats showed.",
    "penalty.kind": "slow-play, out-of-turn, cards-shown, signal (noted as warnings).",
}

HOLDEM_GAME = Game(
    name="texas-holdem",
    family="betting",
    presets=("texas-holdem",),
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
)
