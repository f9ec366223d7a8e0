"""Buraco (seed 003; card-rules.md sections 4 and 9b): 2 players alone or 4 in two
partnerships (seats 0 and 2 against 1 and 3), two decks without jokers, 11 cards each and
two mortos of 11 set aside. A turn: draw one card from the stock or take the whole discard
pile; lay runs of one suit (three or more, the ace low or high, A..K..A the one run with
both aces, B2) with at most one 2 as a wild (B3; a 2 in its own place is natural, B4), and
add to the side's runs; discard one card, which ends the turn. A seat that empties its hand
takes its side's morto: by a meld it plays on (direta), by its discard it plays it next
turn (indireta). With the morto taken, going out again ends the hand, and needs a canastra
limpa (seven cards or more without a wild; the de mil, A to A, counts). A side scores its
laid cards, its canastras (limpa 200, suja 100, de mil 1000), 100 for going out, less the
cards left in its hands and 100 for a morto never taken; the Detalhe: a morto taken
indireta whose taker has not played again when the others go out counts as never taken
(B13, B20). The first side at 3000 after a hand, alone at the top, wins (B16)."""

from domain.cards.buraco import bodies
from domain.cards.buraco.commands import (
    AddToMeld,
    LayMeld,
    LayRedThree,
    RecordBuracoResult,
    TakePile,
)
from domain.cards.buraco.deal import shuffled
from domain.cards.buraco.decide import decide
from domain.cards.buraco.events import AddedToMeld, Melded, MortoTaken, MortoToStock, RedThreeLaid
from domain.cards.buraco.evolve import evolve
from domain.cards.buraco.examples import (
    EXAMPLES,
    FIELDS,
    MEGA_EXAMPLES,
    MEGA_FIELDS,
    TRANCA_EXAMPLES,
    TRANCA_FIELDS,
)
from domain.cards.buraco.refusals import REFUSALS
from domain.cards.buraco.results import result_body_of
from domain.cards.buraco.rules import BURACO as BURACO_RULES
from domain.cards.buraco.rules import MEGA_BURACO as MEGA_BURACO_RULES
from domain.cards.buraco.rules import TRANCA as TRANCA_RULES
from domain.cards.buraco.variant import BURACO, MEGA_BURACO, TRANCA
from domain.cards.buraco.view import (
    BuracoView,
    MegaBuracoView,
    TrancaView,
    buraco_view,
    mega_buraco_view,
    tranca_view,
)
from domain.cards.dealer import after_hand
from domain.cards.stock.commands import STOCK_COMMANDS
from domain.cards.stock.events import STOCK_EVENTS
from domain.match.game import Bodies, Game

BURACO_GAME = Game(
    name="buraco",
    family="stock",
    rule_sets=(BURACO_RULES,),
    events=(*STOCK_EVENTS, Melded, AddedToMeld, MortoTaken, MortoToStock, RedThreeLaid),
    commands=(*STOCK_COMMANDS, LayMeld, AddToMeld, TakePile, LayRedThree, RecordBuracoResult),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=BURACO.deck,
    shuffled=shuffled,
    result_body=result_body_of(BURACO),
    examples=EXAMPLES,
    fields=FIELDS,
    seats=(2, 4),
    partnerships="at-four",
    bodies=Bodies(
        deal=bodies.BuracoDeal,
        move=bodies.BuracoMove,
        result=bodies.BuracoResult,
        hand=BuracoView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=buraco_view,
    ),
    refusals=REFUSALS,
)

MEGA_BURACO_GAME = Game(
    name="mega-buraco",
    family="stock",
    rule_sets=(MEGA_BURACO_RULES,),
    events=(*STOCK_EVENTS, Melded, AddedToMeld, MortoTaken, MortoToStock, RedThreeLaid),
    commands=(*STOCK_COMMANDS, LayMeld, AddToMeld, TakePile, LayRedThree, RecordBuracoResult),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=MEGA_BURACO.deck,
    shuffled=shuffled,
    result_body=result_body_of(MEGA_BURACO),
    examples=MEGA_EXAMPLES,
    fields=MEGA_FIELDS,
    seats=(2, 4),
    partnerships="at-four",
    bodies=Bodies(
        deal=bodies.MegaBuracoDeal,
        move=bodies.MegaBuracoMove,
        result=bodies.MegaBuracoResult,
        hand=MegaBuracoView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=mega_buraco_view,
    ),
    refusals=REFUSALS,
)

TRANCA_GAME = Game(
    name="tranca",
    family="stock",
    rule_sets=(TRANCA_RULES,),
    events=(*STOCK_EVENTS, Melded, AddedToMeld, MortoTaken, MortoToStock, RedThreeLaid),
    commands=(*STOCK_COMMANDS, LayMeld, AddToMeld, TakePile, LayRedThree, RecordBuracoResult),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=TRANCA.deck,
    shuffled=shuffled,
    result_body=result_body_of(TRANCA),
    examples=TRANCA_EXAMPLES,
    fields=TRANCA_FIELDS,
    seats=(2, 4),
    partnerships="at-four",
    bodies=Bodies(
        deal=bodies.TrancaDeal,
        move=bodies.TrancaMove,
        result=bodies.TrancaResult,
        hand=TrancaView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=tranca_view,
    ),
    refusals=REFUSALS,
)
