"""Texas Hold'em to the betting engine (card-rules.md section 9): four streets, the flop
(three cards), the turn and the river (one each); two hole cards from a 52-card deck; a
board of five posted with the deal (or none: each street named)."""

from domain.cards.betting.hand import Streets
from domain.cards.betting.variant import Variant
from domain.cards.cards import DECK_52

HOLDEM = Variant(
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
