"""Sueca deals, crafted or found by search (then checked by `decide` in the tests): each
lists the hands of seats 0..3 when seat 3 deals (seat 0 leads); seat 3's last card is the
trump card. Played out by `played_out` (every seat plays its first legal card)."""

from domain import DealCards
from tests.domain.builders import AT

SuecaDeal = tuple[tuple[str, ...], ...]

# Crafted, spades trump (seat 3's 2S). Seat 3 holds no club and seat 1 no diamond:
# trick 1 "0 KC", "1 7C", "2 2C", "3 2S": seat 3 trumps the clubs and takes 14 points;
# trick 2 "3 4D", "0 2D", "1 AH", "2 3D": the 4 of the suit led beats an ace of hearts.
TRICKS: SuecaDeal = (
    ("KC", "2D", "AC", "3C", "4C", "JD", "QD", "AS", "7S", "QH"),
    ("7C", "KH", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "JH"),
    ("2C", "3D", "5C", "6C", "JC", "QC", "KD", "JS", "QS", "KS"),
    ("4D", "AD", "3S", "4S", "5S", "6S", "5D", "6D", "7D", "2S"),
)

# Crafted, hearts trump (seat 3's only heart, 2H): seat 0 holds the nine other hearts and
# leads them, then the ace of spades: team A takes every trick, a bandeirada.
HEARTS: SuecaDeal = (
    ("AH", "7H", "KH", "JH", "QH", "6H", "5H", "4H", "3H", "AS"),
    ("AC", "7C", "KC", "JC", "QC", "2S", "3S", "4S", "5S", "6S"),
    ("AD", "7D", "KD", "JD", "QD", "6C", "5C", "4C", "3C", "2C"),
    ("7S", "QS", "JS", "KS", "6D", "5D", "4D", "3D", "2D", "2H"),
)

# Found by search: played out, the card points end 60 to 60 (tricks 5 to 5).
TIE: SuecaDeal = (
    ("6C", "KS", "QD", "JC", "7S", "KD", "3H", "KC", "AC", "6S"),
    ("4D", "4C", "7H", "KH", "2D", "6D", "AH", "AS", "3D", "4H"),
    ("2C", "2H", "JH", "AD", "QC", "7C", "JD", "2S", "5C", "5D"),
    ("7D", "JS", "QS", "6H", "4S", "3C", "QH", "5H", "5S", "3S"),
)

# Found by search: 61 to 59 (tricks 5 to 5), team A scores 1.
A_61: SuecaDeal = (
    ("7S", "KD", "5C", "2S", "5D", "6S", "3C", "QC", "QS", "4D"),
    ("7H", "7D", "AS", "4H", "2C", "3S", "6H", "6C", "3D", "7C"),
    ("JH", "AC", "QD", "5S", "3H", "5H", "AD", "JS", "KH", "AH"),
    ("JD", "2D", "JC", "KS", "4C", "KC", "4S", "6D", "QH", "2H"),
)

# Found by search: 90 to 30 (tricks 8 to 2), team A scores 1.
A_90: SuecaDeal = (
    ("JD", "6H", "5S", "QH", "5C", "4S", "AD", "KS", "4D", "7D"),
    ("AC", "QS", "6D", "QC", "KD", "JH", "3S", "7H", "4C", "KC"),
    ("AH", "5D", "7S", "KH", "3C", "AS", "5H", "QD", "7C", "2D"),
    ("JC", "3H", "3D", "6S", "2S", "2C", "6C", "2H", "JS", "4H"),
)

# Found by search: 91 to 29 (tricks 7 to 3), team A scores 2.
A_91: SuecaDeal = (
    ("QC", "QS", "2C", "3S", "7D", "3C", "KD", "JS", "JH", "6H"),
    ("4D", "QD", "3D", "2H", "KS", "2D", "7S", "6C", "6D", "4S"),
    ("3H", "AS", "5C", "JC", "AH", "5D", "7H", "AC", "6S", "AD"),
    ("KH", "QH", "5H", "7C", "4C", "2S", "KC", "4H", "JD", "5S"),
)

# Found by search: 120 to 0 in tricks 9 to 1 (team B's trick is worth nothing): no
# bandeirada, team A scores 2.
A_120_NINE_TRICKS: SuecaDeal = (
    ("7H", "5H", "3D", "4C", "5C", "7D", "AC", "AH", "6C", "4D"),
    ("6H", "QC", "6S", "KC", "2H", "QS", "6D", "AD", "JS", "5S"),
    ("3H", "KH", "JC", "7C", "3S", "JD", "JH", "QH", "3C", "7S"),
    ("AS", "4S", "4H", "2D", "KD", "QD", "5D", "2S", "KS", "2C"),
)

# Found by search: team B takes every trick, a bandeirada.
B_BANDEIRADA: SuecaDeal = (
    ("5S", "2C", "3C", "2S", "7H", "QS", "AS", "2H", "JH", "5C"),
    ("KH", "6S", "4S", "6D", "JC", "5H", "6H", "7C", "AD", "2D"),
    ("4H", "3S", "QC", "6C", "4C", "KS", "JS", "KC", "QH", "KD"),
    ("7D", "5D", "4D", "7S", "AH", "3D", "3H", "QD", "AC", "JD"),
)


def sueca_deal_of(deal: SuecaDeal, dealer: int = 3, say_dealer: bool = False) -> DealCards:
    """The deal as a command, turned round the table so that `dealer` holds seat 3's cards
    (its last card is the trump card) and the seat after it leads with seat 0's."""
    hands = [list(deal[(seat - dealer - 1) % 4]) for seat in range(4)]
    return DealCards(
        at=AT, hands=hands, dealer=dealer if say_dealer else None, trump_card=deal[3][-1]
    )
