"""Sueca (seed 003): two partnerships, 40 cards, ten tricks a deal, the trump the suit of
the dealer's last card, 120 card points a deal, 4 game points a game."""

from domain.cards.cards import DECK_40
from domain.cards.dealer import after_hand
from domain.cards.sueca import bodies
from domain.cards.sueca.commands import AskRedeal, RecordSuecaResult
from domain.cards.sueca.decide import decide, shuffled
from domain.cards.sueca.events import RedealAsked
from domain.cards.sueca.evolve import evolve
from domain.cards.sueca.examples import EXAMPLES, FIELDS
from domain.cards.sueca.refusals import REFUSALS
from domain.cards.sueca.rules import SUECA as SUECA_RULES
from domain.cards.sueca.view import SuecaView, view
from domain.cards.tricks.commands import TRICK_COMMANDS
from domain.cards.tricks.events import TRICK_EVENTS
from domain.match.game import Bodies, Game

SUECA = Game(
    name="sueca",
    family="cards",
    rule_sets=(SUECA_RULES,),
    events=(*TRICK_EVENTS, RedealAsked),
    commands=(*TRICK_COMMANDS, AskRedeal, RecordSuecaResult),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_40,
    shuffled=shuffled,
    result_body=bodies.result_body,
    examples=EXAMPLES,
    fields=FIELDS,
    bodies=Bodies(
        deal=bodies.SuecaDeal,
        move=bodies.SuecaMove,
        result=bodies.SuecaResult,
        hand=SuecaView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=view,
    ),
    refusals=REFUSALS,
)
