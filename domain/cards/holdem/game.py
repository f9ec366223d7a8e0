"""Texas Hold'em (seed 003; card-rules.md section 9): 2 to 8 players, a 52-card deck, two
hole cards each; the small and big blinds (heads-up, the dealer posts the small one: H1);
four betting rounds: pre-flop, after the flop (three cards), the turn and the river (one
each); the best five of the seven cards a seat sees win (H8: A-2-3-4-5 is a straight). The
board is posted with the deal (or shuffled by the service) and turns street by street by
itself, or the scorekeeper names each street. Bets follow the engine of
`domain.cards.betting`."""

from collections.abc import Sequence
from datetime import datetime

from domain.cards.betting import decide as engine
from domain.cards.betting import evolve as folding
from domain.cards.betting.commands import BETTING_COMMANDS
from domain.cards.betting.deal import served as served_deal
from domain.cards.betting.events import BETTING_EVENTS
from domain.cards.betting.evolve import after_hand
from domain.cards.betting.results import result_body
from domain.cards.betting.session import abandoned
from domain.cards.betting.showdown import revealed
from domain.cards.cards import DECK_52
from domain.cards.holdem import bodies
from domain.cards.holdem.examples import EXAMPLES, FIELDS
from domain.cards.holdem.refusals import REFUSALS
from domain.cards.holdem.rules import HOLDEM as HOLDEM_RULES
from domain.cards.holdem.variant import HOLDEM
from domain.cards.holdem.view import HoldemHand, view
from domain.match.commands import Command
from domain.match.events import Event
from domain.match.game import Bodies, Game
from domain.match.state import Match

SEATS = (2, 3, 4, 5, 6, 7, 8)


def decide(command: Command, state: Match) -> list[Event]:
    return engine.decide(command, state, HOLDEM)


def evolve(state: Match, event: Event) -> Match:
    return folding.evolve(state, event, HOLDEM)


def shuffled(state: Match, order: Sequence[str], at: datetime) -> Command:
    return served_deal(state, order, at, HOLDEM)


HOLDEM_GAME = Game(
    name="texas-holdem",
    family="betting",
    rule_sets=(HOLDEM_RULES,),
    events=BETTING_EVENTS,
    commands=BETTING_COMMANDS,
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_52,
    shuffled=shuffled,
    result_body=result_body,
    revealed=revealed,
    examples=EXAMPLES,
    fields=FIELDS,
    seats=SEATS,
    partnerships="never",
    bodies=Bodies(
        deal=bodies.HoldemDeal,
        move=bodies.HoldemMove,
        result=bodies.HoldemResult,
        hand=HoldemHand,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=view,
        served=bodies.served,
    ),
    abandoned=abandoned,
    refusals=REFUSALS,
)
