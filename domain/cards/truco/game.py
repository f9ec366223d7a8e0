"""Truco paulista (seed 003): two partnerships, 40 cards, three to each seat; a hand is the
best of three rounds, worth 1 and raised to 3, 6, 9, 12; the game goes to 12."""

from domain.cards.cards import DECK_40
from domain.cards.dealer import after_hand
from domain.cards.tricks.commands import TRICK_COMMANDS
from domain.cards.tricks.events import TRICK_EVENTS
from domain.cards.truco import bodies
from domain.cards.truco.commands import AnswerRaise, CallRaise, PlayByPosition, RecordTrucoResult
from domain.cards.truco.decide import decide, shuffled
from domain.cards.truco.events import RaiseAccepted, RaiseCalled
from domain.cards.truco.evolve import evolve
from domain.cards.truco.examples import EXAMPLES, FIELDS
from domain.cards.truco.refusals import REFUSALS
from domain.cards.truco.rules import TRUCO as TRUCO_RULES
from domain.cards.truco.view import TrucoView, view
from domain.match.game import Bodies, Game

TRUCO = Game(
    name="truco",
    family="cards",
    rule_sets=(TRUCO_RULES,),
    events=(*TRICK_EVENTS, RaiseCalled, RaiseAccepted),
    commands=(*TRICK_COMMANDS, PlayByPosition, CallRaise, AnswerRaise, RecordTrucoResult),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_40,
    shuffled=shuffled,
    result_body=bodies.result_body,
    examples=EXAMPLES,
    fields=FIELDS,
    bodies=Bodies(
        deal=bodies.TrucoDeal,
        move=bodies.TrucoMove,
        result=bodies.TrucoResult,
        hand=TrucoView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=view,
    ),
    refusals=REFUSALS,
)
