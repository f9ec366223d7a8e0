"""Cacheta (seed 003; card-rules.md sections 7 and 9b): four players each for themselves,
two decks without jokers, 9 cards each. The vira, turned up and set aside (K2), makes the
next rank of its colour wild (K1: a black 8 turned, the four black 9s; a king, the aces).
In turn a seat draws from the stock or takes the last discard, then goes out or discards.
Going out ("bater") lays every card in trincas (3 to 5 of a rank, three suits at least, a
suit "dobrada" for the 4th and 5th, K3) and runs (K4), wilds without limit but a natural
card in each meld (K5): with 9 cards and a discard, every other seat still in loses a
life; with 10 and no discard, two. A seat "na boa" (one card from going out, said aloud,
K7) may take the last discard out of turn ("furar a fila") to go out with it; failing, it
burns (K8). Each seat starts with 10 lives; at 0 it is out; the last one in wins (K9).
The game's score is the lives each seat has lost."""

from domain.cards.cacheta import bodies
from domain.cards.cacheta.commands import (
    Burn,
    DealCacheta,
    GoOut,
    JumpTheQueue,
    RecordCachetaRound,
    SayNaBoa,
)
from domain.cards.cacheta.decide import decide, shuffled
from domain.cards.cacheta.events import NaBoaSaid, QueueJumped, SeatBurned, WentOut
from domain.cards.cacheta.evolve import evolve
from domain.cards.cacheta.examples import EXAMPLES, FIELDS
from domain.cards.cacheta.refusals import REFUSALS
from domain.cards.cacheta.results import abandoned, after_hand, result_body
from domain.cards.cacheta.rules import CACHETA
from domain.cards.cacheta.view import CachetaView, view
from domain.cards.melds.decks import DECK_104
from domain.cards.stock.commands import STOCK_COMMANDS
from domain.cards.stock.events import STOCK_EVENTS
from domain.match.game import Bodies, Game

CACHETA_GAME = Game(
    name="cacheta",
    family="stock",
    rule_sets=(CACHETA,),
    events=(*STOCK_EVENTS, NaBoaSaid, QueueJumped, SeatBurned, WentOut),
    commands=(
        *STOCK_COMMANDS,
        DealCacheta,
        GoOut,
        SayNaBoa,
        JumpTheQueue,
        Burn,
        RecordCachetaRound,
    ),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_104,
    shuffled=shuffled,
    result_body=result_body,
    examples=EXAMPLES,
    fields=FIELDS,
    seats=(4,),
    partnerships="never",
    bodies=Bodies(
        deal=bodies.CachetaDeal,
        move=bodies.CachetaMove,
        result=bodies.CachetaResult,
        hand=CachetaView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=view,
    ),
    abandoned=abandoned,
    refusals=REFUSALS,
)
