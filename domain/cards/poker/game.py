"""Poker fechado (seed 003; card-rules.md section 8): 2 to 8 players; a short deck by the
seats dealt in (P1: 7 to the ace with up to four, 6 with five or six, 5 with seven, 4 with
eight); the pingo; five cards each; a betting round; the exchange of 0 to 5 cards from the
seat after the dealer (P2: a stock run short is made again from the cards thrown); a
second round opened by the first seat still in after the dealer (P3); the showdown, where
the seed's ranking holds (a full house beats a flush unless the table swaps them: P8) and
an ace-low straight sits just below the deck's lowest rank (P9). Bets follow the engine of
`domain.cards.betting`."""

from collections.abc import Sequence
from datetime import datetime

from domain.cards.betting import decide as engine
from domain.cards.betting import evolve as folding
from domain.cards.betting.commands import BETTING_COMMANDS
from domain.cards.betting.deal import served as served_deal
from domain.cards.betting.events import BETTING_EVENTS
from domain.cards.betting.evolve import after_hand
from domain.cards.betting.exchange import to_restock
from domain.cards.betting.results import result_body
from domain.cards.betting.session import abandoned
from domain.cards.betting.showdown import revealed
from domain.cards.cards import DECK_52
from domain.cards.poker import bodies
from domain.cards.poker.examples import EXAMPLES, FIELDS
from domain.cards.poker.refusals import REFUSALS
from domain.cards.poker.rules import POKER as POKER_RULES
from domain.cards.poker.variant import POKER
from domain.cards.poker.view import PokerHand, view
from domain.match.commands import Command
from domain.match.events import Event
from domain.match.game import Bodies, Game
from domain.match.state import Match

SEATS = (2, 3, 4, 5, 6, 7, 8)


def decide(command: Command, state: Match) -> list[Event]:
    return engine.decide(command, state, POKER)


def evolve(state: Match, event: Event) -> Match:
    return folding.evolve(state, event, POKER)


def shuffled(state: Match, order: Sequence[str], at: datetime) -> Command:
    return served_deal(state, order, at, POKER)


POKER_GAME = Game(
    name="poker",
    family="betting",
    rule_sets=(POKER_RULES,),
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
    restock=to_restock,
    bodies=Bodies(
        deal=bodies.PokerDeal,
        move=bodies.PokerMove,
        result=bodies.PokerResult,
        hand=PokerHand,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=view,
        served=bodies.served,
    ),
    abandoned=abandoned,
    refusals=REFUSALS,
)
