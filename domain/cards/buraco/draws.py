"""A turn's draw: one card from the stock, or the whole discard pile (B17); Tranca's pile
taken only with its top card melded at once (T7), locked by a black 3 (T6); Tranca's red 3
laid alone and replaced from the stock (T5, T12)."""

from __future__ import annotations

from collections import Counter

from domain.cards.buraco.commands import LayRedThree, TakePile
from domain.cards.buraco.events import RedThreeLaid
from domain.cards.buraco.evolve import apply
from domain.cards.buraco.hand import BuracoHand, in_turn, variant_of
from domain.cards.buraco.melding import added, laid
from domain.cards.buraco.variant import BLACK_THREES, RED_THREES
from domain.cards.cards import in_deck
from domain.cards.stock.commands import DrawCards
from domain.cards.stock.events import CardsDrawn
from domain.cards.stock.hand import draw
from domain.errors import IllegalMove, InvalidInput, TellsAHand
from domain.match.events import Event
from domain.match.state import Match


def draw_card(command: DrawCards, state: Match) -> list[Event]:
    hand, seat = in_turn(state, command.seat)
    if hand.drew:
        raise IllegalMove("already-drew", "one draw a turn: meld, then discard")
    if command.source == "pile":
        if command.cards is not None:
            raise InvalidInput("invalid-draw", "the pile is taken whole: name no card")
        if variant_of(state).threes:
            raise InvalidInput(
                "invalid-draw",
                'a Tranca pile is taken with its top card melded: "draw": "pile" with "meld" '
                'or "to" (T7)',
            )
        if not hand.pile_size:
            raise IllegalMove("pile-empty", "the discard pile is empty: draw from the stock")
        cards = hand.pile
        return [CardsDrawn(at=command.at, seat=seat, source="pile", cards=cards, count=len(cards))]
    if not hand.stock_count:
        raise IllegalMove("stock-empty", "the stock is spent: take the pile")
    v = variant_of(state)
    return draw(hand, seat, 1, command, v.deck, v.title, reshuffle=False)


def take_pile(command: TakePile, state: Match) -> list[Event]:
    """T7: the whole pile, its top card melded at once (a new meld with cards of the hand, or
    onto one of the side's); refused on a black 3 (T6)."""
    hand, seat = in_turn(state, command.seat)
    if not variant_of(state).threes:
        raise InvalidInput("invalid-command", "the pile is taken with a meld only in Tranca")
    if hand.drew:
        raise IllegalMove("already-drew", "one draw a turn: meld, then discard")
    top = hand.top
    if top is None:
        raise IllegalMove("pile-empty", "the discard pile is empty: draw from the stock")
    if top in BLACK_THREES:
        raise IllegalMove("pile-locked", "a black 3 on top locks the pile (T6)")
    if (command.meld is None) == (command.to is None):
        raise InvalidInput("invalid-meld", 'the top card goes into a new "meld" or onto one ("to")')
    cards = hand.pile
    taken = CardsDrawn(at=command.at, seat=seat, source="pile", cards=cards, count=len(cards))
    after = apply(hand, taken)
    assert isinstance(after, BuracoHand)
    if command.meld is not None:
        if command.wild_to is not None:
            raise InvalidInput("invalid-meld", "a new meld has no wild to move: no wild_to")
        _held_before_the_pile(hand, seat, command.meld, state)
        meld = [top, *command.meld]
        return [taken, *laid(state, after, seat, meld, command.at, command.wild_as)]
    assert command.to is not None
    words = (command.wild_as, command.wild_to)
    return [taken, *added(state, after, seat, command.to, [top], command.at, *words)]


def _held_before_the_pile(hand: BuracoHand, seat: int, meld: list[str], state: Match) -> None:
    """T7: the top card is justified with cards of the hand, not with cards of the pile it
    brings (which `laid` would count as held, the pile once taken)."""
    v = variant_of(state)
    missing = Counter(in_deck(meld, v.deck, v.title)) - Counter(hand.hands[seat])
    if missing:
        raise TellsAHand(
            "card-not-in-hand",
            f"seat {seat} does not hold {min(missing)}: the top card is justified with cards"
            " of the hand, not of the pile (T7)",
        )


def lay_red_three(command: LayRedThree, state: Match) -> list[Event]:
    """T5: a red 3 laid alone on the holder's turn, replaced at once from the stock; T12: not
    the stock's last card, which cannot be replaced (it counts at the end as if laid); nor,
    before the turn's draw, with one card left: the replacement would take the draw's card
    and leave the seat no draw (the pile locked, the morto not yet the stock)."""
    hand, seat = in_turn(state, command.seat)
    v = variant_of(state)
    if not v.threes:
        raise InvalidInput("invalid-command", f"{v.title} lays no red 3")
    (card,) = in_deck([command.card], v.deck, v.title)
    if card not in RED_THREES:
        raise InvalidInput("invalid-meld", "only a red 3 (3D, 3H) is laid alone")
    if not hand.stock_count:
        raise IllegalMove("stock-empty", "no replacement left: the red 3 counts as laid (T12)")
    if hand.stock_count == 1 and not hand.drew:
        raise IllegalMove(
            "draw-first",
            "the stock's last card is this turn's draw, not a red 3's replacement: draw it;"
            " the red 3 then counts as laid (T12)",
        )
    if card not in hand.hands[seat]:
        raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold {card}")
    red = RedThreeLaid(at=command.at, seat=seat, card=card)
    after = apply(hand, red)
    assert isinstance(after, BuracoHand)
    named = DrawCards(at=command.at, seat=seat, cards=command.replacement)
    return [red, *draw(after, seat, 1, named, v.deck, v.title, "replacement", reshuffle=False)]
