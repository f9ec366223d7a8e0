"""A trick game's deal: its hands checked, its shown card, its event."""

from collections.abc import Sequence
from datetime import datetime

from domain.cards.cards import in_deck, parse_card
from domain.cards.dealer import opener_after_dealer
from domain.cards.tricks.events import CardsDealt
from domain.errors import InvalidInput
from domain.match.state import Match


def check_hands(
    hands: Sequence[Sequence[str]], size: int, deck: tuple[str, ...], what: str
) -> tuple[tuple[str, ...], ...]:
    """Four hands of `size` cards of this deck, no card twice (`invalid-deal`)."""
    if len(hands) != 4:
        raise InvalidInput("invalid-deal", f"a deal has 4 hands, got {len(hands)}")
    held = tuple(in_deck(hand, deck, what) for hand in hands)
    for seat, cards in enumerate(held):
        if len(cards) != size:
            raise InvalidInput(
                "invalid-deal", f"seat {seat} has {len(cards)} cards; each seat gets {size}"
            )
    every = [card for cards in held for card in cards]
    if len(set(every)) != len(every):
        raise InvalidInput("invalid-deal", "a card appears twice: a deal uses each card once")
    return held


def shown_card(text: str | None, what: str) -> str:
    if text is None:
        raise InvalidInput("invalid-deal", f"the deal needs its {what}")
    return parse_card(text)


def cards_dealt(
    state: Match,
    at: datetime,
    dealer: int,
    hands: tuple[tuple[str, ...], ...],
    *,
    trump_card: str | None = None,
    vira: str | None = None,
) -> CardsDealt:
    """The next hand's deal, led by the seat after the dealer."""
    return CardsDealt(
        at=at,
        number=len(state.hands) + 1,
        dealer=dealer,
        opener=opener_after_dealer(dealer),
        hands=hands,
        trump_card=trump_card,
        vira=vira,
    )
