"""Sueca and Truco: deals posted so that each example's card is in its seat's hand at its
turn, a hand worth little for the redeal, raises pending for their answers."""

from __future__ import annotations

from tests.api.example_bodies.cards import SUITS, suit
from tests.api.example_bodies.scenario import Scenario, Step, posts, write


def card(seat: int, played: str, covered: bool = False) -> Step:
    body: dict[str, object] = {"seat": seat, "card": played}
    return write("moves", body | ({"covered": True} if covered else {}), f"seat {seat}: {played}")


def call(seat: int, raised: str) -> Step:
    return write("moves", {"seat": seat, "call": raised}, f"seat {seat} calls {raised}")


SUECA_CREATE = "document:createMatch/sueca"
WORTHLESS = ["2H", "3H", "4H", "5H", "6H", "2S", "3S", "4S", "5S", "6S"]
"""Seat 0's cards worth nothing: it may ask for a redeal, or lead the 2H."""

SUECA = Scenario(
    "sueca",
    (
        # The README's game, dealt by the server: the trump is the shuffle's.
        posts("readme:match-sueca", "design:match-sueca"),
        posts("readme:sueca-deal-server", shuffled=("hand.trump", "hand.trump_card")),
        # The document's deal: seat 0 (after the dealer) leads its 7H, as the README does.
        posts(SUECA_CREATE),
        posts("document:startHand/sueca"),
        posts("readme:sueca-card"),
        # Seat 0 worth nothing asks for the redeal; the same dealer deals the README's deal.
        posts(SUECA_CREATE),
        write(
            "hands",
            {
                "dealer": 3,
                "trump_card": "AD",
                "hands": [
                    WORTHLESS,
                    ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D"],
                    ["QH", "JH", "KH", "7H", "AH", "QS", "JS", "KS", "7S", "AS"],
                    ["QC", "JC", "KC", "7C", "AC", "QD", "JD", "KD", "7D", "AD"],
                ],
            },
            "seat 0's cards are worth 0",
        ),
        posts("document:postMove/sueca-redeal", "design:sueca-redeal"),
        posts("readme:sueca-deal-posted"),
        posts(SUECA_CREATE),
        posts("design:sueca-deal"),
        # Seat 1 holds the 7H and follows seat 0's 2H with it.
        posts(SUECA_CREATE),
        write(
            "hands",
            {
                "dealer": 3,
                "trump_card": "AD",
                "hands": [
                    WORTHLESS,
                    ["7H", "AH", "KH", "JH", "QH", "2C", "3C", "4C", "5C", "6C"],
                    ["2D", "3D", "4D", "5D", "6D", "QS", "JS", "KS", "7S", "AS"],
                    ["QC", "JC", "KC", "7C", "AC", "QD", "JD", "KD", "7D", "AD"],
                ],
            },
            "seat 1 holds the 7H",
        ),
        card(0, "2H"),
        posts("document:postMove/sueca-card", "design:trick-card"),
        # Deals by their result: A wins one, B all ten tricks (the bandeirada wins the game).
        posts(SUECA_CREATE),
        posts("document:postResult/sueca", "readme:sueca-result", "design:sueca-result"),
        posts("document:postResult/sueca-bandeirada"),
    ),
)

TRUCO_CREATE = "document:createMatch/truco"
PLAIN_DEAL = {
    "dealer": 3,
    "hands": [["4H", "5H", "6H"], ["4S", "5S", "6S"], ["4D", "5D", "6D"], ["4C", "5C", "6C"]],
    "vira": "7H",
}

TRUCO = Scenario(
    "truco",
    (
        # The document's deal; seat 0 (after the dealer) asks for truco, seat 1 accepts.
        posts(TRUCO_CREATE),
        posts("document:startHand/truco"),
        posts("document:postMove/truco", "readme:truco-call"),
        posts("document:postMove/truco-accept", "readme:truco-accept"),
        # Team A's truco, run from by seat 3, then by seat 1.
        posts(TRUCO_CREATE),
        write("hands", PLAIN_DEAL, "a deal"),
        call(0, "truco"),
        posts("document:postMove/truco-run"),
        posts(TRUCO_CREATE),
        write("hands", PLAIN_DEAL, "a deal"),
        call(0, "truco"),
        posts("readme:truco-run"),
        # design.md's deal; seat 1 raises on its turn, and again when team A raises back.
        posts(TRUCO_CREATE),
        posts("design:truco-deal"),
        card(0, "3H"),
        posts("design:truco-call-truco"),
        call(2, "seis"),
        posts("design:truco-call-nove"),
        posts("design:truco-accept"),
        # Seat 1 answers team A's raises by raising: seis, then doze; seat 2 runs.
        posts(TRUCO_CREATE),
        write("hands", PLAIN_DEAL, "a deal"),
        call(0, "truco"),
        posts("design:truco-call-seis"),
        call(2, "nove"),
        posts("design:truco-call-doze"),
        posts("design:truco-run"),
        # Seat 0 takes the first round with a manilha (vira 7D: the queens), then seats 0, 1
        # and 2 play covered in the second.
        posts(TRUCO_CREATE),
        write(
            "hands",
            {
                "dealer": 3,
                "vira": "7D",
                "hands": [
                    ["QC", "3S", "AH"],
                    ["4H", "7H", "KD"],
                    ["5H", "4C", "JD"],
                    ["6H", "5S", "6S"],
                ],
            },
            "seat 0 holds the 3S, seat 1 the 7H, seat 2 the 4C",
        ),
        card(0, "QC"),
        card(1, "4H"),
        card(2, "5H"),
        card(3, "6H"),
        posts("readme:truco-covered"),
        posts("design:truco-covered"),
        posts("document:postMove/truco-covered"),
        # Hands by their result.
        posts(TRUCO_CREATE),
        posts("document:postResult/truco", "design:truco-result"),
        posts("document:postResult/truco-tie", "design:truco-tie"),
        # Results to 11 each (A to 9, B to 2, A to 11, then B wins three mãos de onze), and
        # the mão de ferro the server deals (dealer 3): seat 0 turns over a card unseen.
        posts(TRUCO_CREATE),
        *(
            write("results", {"winner": winner, "value": value}, f"{winner} wins {value}")
            for winner, value in (("A", 9), ("B", 1), ("B", 1), ("A", 1), ("A", 1))
        ),
        *(write("results", {"winner": "B", "value": 3}, "B wins a mão de onze"),) * 3,
        write(
            "hands",
            {"deal": "server"},
            "the server deals the mão de ferro",
            shuffled=("hand.vira", "hand.manilha"),
        ),
        posts(
            "document:postMove/truco-blind",
            by="seat 0",
            shuffled=("hand.trick.0.card", "hand.vira", "hand.manilha"),
        ),
    ),
)

ESPADAS_CREATE = "document:createMatch/espadas"
BY_SUIT = {"dealer": 3, "hands": [suit(letter) for letter in SUITS]}
"""Seat 0 the clubs, 1 the diamonds, 2 the hearts, 3 the spades."""


def espadas_bid(body: str) -> tuple[Step, ...]:
    """A game of its own for one of seat 0's bids (seat 0 bids first after dealer 3)."""
    return posts(ESPADAS_CREATE), write("hands", BY_SUIT, "a deal"), posts(body)


ESPADAS = Scenario(
    "espadas",
    (
        # The document's deal (BY_SUIT); seat 0 bids 4 (the README), seat 1 4 and seat 2 nil
        # (the document), seat 3 2.
        posts(ESPADAS_CREATE),
        posts("document:startHand/espadas-deal"),
        posts("readme:espadas-bid"),
        posts("document:postMove/espadas-bid"),
        posts("document:postMove/espadas-nil"),
        write("moves", {"seat": 3, "bid": 2}, "seat 3 bids 2"),
        *espadas_bid("readme:espadas-bid-nil"),
        *espadas_bid("readme:espadas-bid-double-nil"),
        posts(ESPADAS_CREATE),
        posts("document:postResult/espadas", "readme:espadas-result"),
    ),
)

COPAS = Scenario(
    "copas",
    (
        # The document's deal: seat 0 holds QS and the hearts but the 2H, and passes QS AH KH
        # (the first hand passes to the left).
        posts("document:createMatch/copas"),
        posts("document:startHand/copas-deal"),
        posts("document:postMove/copas-give", "readme:copas-give"),
        posts("document:createMatch/copas"),
        posts("document:postResult/copas", "readme:copas-result"),
    ),
)
