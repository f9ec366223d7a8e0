"""Mau Mau (seed 003; card-rules.md section 3): 4 to 8 players each for themselves, two
decks without jokers (104 cards), 5 cards each. The card turned from the stock starts the
pile as the first player's discard (M2). In turn a seat discards a card of the top card's
suit or rank, or draws one (M4) and then discards or passes. The ace skips the next seat,
the queen turns the direction round, the jack names the suit to follow (and goes on any
card but a 7), the seven makes the next seat draw two unless it answers with a seven (the
chain adds two a seven, M5), the nine makes the seat before draw one (M6, M14). A seat about
to discard down to one card says MAU-MAU first; forgetting it, it may be accused by any
other seat until the next discard, pass or chain draw, and draws five (M8, M16). The first
to shed every card wins the hand; the others count the cards they hold (M3: the ace 1, a
number its number, the jack 30, the queen and king 10), and fewer points place better
(M11)."""

from domain.cards.dealer import after_hand
from domain.cards.maumau import bodies
from domain.cards.maumau.commands import Accuse, CallMauMau, RecordMauMauResult
from domain.cards.maumau.decide import decide, shuffled
from domain.cards.maumau.events import MauMauAccused, MauMauCalled
from domain.cards.maumau.evolve import evolve
from domain.cards.maumau.examples import EXAMPLES, FIELDS
from domain.cards.maumau.hand import SEATS
from domain.cards.maumau.refusals import REFUSALS
from domain.cards.maumau.results import result_body
from domain.cards.maumau.rules import MAU_MAU
from domain.cards.maumau.view import MauMauView, view
from domain.cards.melds.decks import DECK_104
from domain.cards.stock.commands import STOCK_COMMANDS
from domain.cards.stock.events import STOCK_EVENTS
from domain.cards.stock.hand import to_restock
from domain.match.finish import abandoned_by_fewest_points
from domain.match.game import Bodies, Game

MAU_MAU_GAME = Game(
    name="mau-mau",
    family="stock",
    rule_sets=(MAU_MAU,),
    events=(*STOCK_EVENTS, MauMauCalled, MauMauAccused),
    commands=(*STOCK_COMMANDS, CallMauMau, Accuse, RecordMauMauResult),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_104,
    shuffled=shuffled,
    result_body=result_body,
    examples=EXAMPLES,
    fields=FIELDS,
    seats=SEATS,
    partnerships="never",
    restock=to_restock,
    bodies=Bodies(
        deal=bodies.MauMauDeal,
        move=bodies.MauMauMove,
        result=bodies.MauMauResult,
        hand=MauMauView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=view,
    ),
    abandoned=abandoned_by_fewest_points,
    refusals=REFUSALS,
)
