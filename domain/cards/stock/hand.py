"""A hand at a table that draws and discards (card-rules.md section 0.2): what each seat
holds, the stock (its order when it was posted or shuffled by the server, else only its
count), the discard pile, whose turn it is. Written once for Mau Mau and the rummy family.

Two ways to record a stock: known (the deal carries it, top first: a draw names no card
and takes the top ones) or unknown (a scorekeeper at a real table names each drawn card,
checked to be one not already seen: in a hand, on the pile or on the table). A reshuffle's
order is an input of the command, shuffled by the service (M13): `decide` draws no random
number."""

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from msgspec.structs import replace

from domain.cards.cards import in_deck
from domain.cards.stock.commands import DealStock, DrawCards
from domain.cards.stock.events import (
    CardDiscarded,
    CardsDrawn,
    DrawReason,
    StockDealt,
    StockRestocked,
)
from domain.errors import InvalidInput, TellsTheTable, WrongStatus
from domain.match.events import Event
from domain.match.state import GameHand, Match

Moves = tuple[Event, Any] | None
"""A chain of events, the latest first: (event, the chain before it), None at the deal."""
Piled = tuple[str, Any] | None
"""A chain of cards, the top first: (card, the chain under it), None for an empty pile."""


def piled(cards: Sequence[str]) -> Piled:
    """The chain of these cards, the last on top."""
    chain: Piled = None
    for card in cards:
        chain = (card, chain)
    return chain


class StockHand(GameHand, frozen=True, kw_only=True):
    dealer: int
    dealt: StockDealt
    """The deal, kept so that a move can be taken back by playing the others again."""
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...] | None = None
    """The stock, top first, when known; None: only its count is."""
    stock_count: int
    piled: Piled = None
    """The discard pile, its top card first, as a chain: a discard adds one link instead of
    copying a pile that may grow to scores of cards."""
    pile_size: int = 0

    @property
    def pile(self) -> tuple[str, ...]:
        """The discard pile, its top card last."""
        cards: list[str] = []
        link = self.piled
        while link is not None:
            cards.append(link[0])
            link = link[1]
        return tuple(reversed(cards))

    @property
    def top(self) -> str | None:
        return None if self.piled is None else self.piled[0]

    turn: int
    drew: bool = False
    """The seat in turn has drawn this turn."""
    last: Moves = None
    """The events since the deal, the latest first, as a chain of (event, the ones before):
    a move adds one link instead of copying every move before it (a hand may run to
    hundreds)."""

    @property
    def moves(self) -> tuple[Event, ...]:
        """The events since the deal, in order."""
        found: list[Event] = []
        link = self.last
        while link is not None:
            found.append(link[0])
            link = link[1]
        return tuple(reversed(found))

    def after(self, event: Event) -> Moves:
        """The chain of moves with `event` added."""
        return (event, self.last)

    def placed(self) -> Iterable[str]:
        """Cards on the table outside the pile (the rummy family's melds)."""
        return ()

    @property
    def seats(self) -> int:
        return len(self.hands)


def check_deal(
    state: Match,
    command: DealStock,
    deck: tuple[str, ...],
    size: int,
    what: str,
    *,
    starter: bool = False,
    mortos: int = 0,
    playing: Sequence[int] | None = None,
    turned: Sequence[str] = (),
) -> tuple[tuple[tuple[str, ...], ...], str | None, tuple[str, ...] | None, int]:
    """(the hands, the starter, the stock or None, the stock's count) of a posted deal: a
    hand of `size` cards for each seat (and two mortos of `mortos` cards), no card more
    often than the deck has it, and a posted stock exactly the rest of the deck
    (`invalid-deal`)."""
    seats = len(state.seats) if playing is None else len(playing)
    if len(command.hands) != seats:
        raise InvalidInput("invalid-deal", f"a deal has {seats} hands, got {len(command.hands)}")
    hands = tuple(in_deck(hand, deck, what) for hand in command.hands)
    if playing is not None:  # a hand for each seat still in (K14), none for the others
        given = dict(zip(playing, hands, strict=True))
        hands = tuple(given.get(seat, ()) for seat in range(len(state.seats)))
    for seat, cards in enumerate(hands):
        if playing is not None and seat not in playing:
            continue
        if len(cards) != size:
            raise InvalidInput(
                "invalid-deal", f"seat {seat} has {len(cards)} cards; each seat gets {size}"
            )
    first: str | None = None
    if starter:
        if command.starter is None:
            raise InvalidInput("invalid-deal", "the deal turns up the pile's first card: starter")
        (first,) = in_deck([command.starter], deck, what)
    elif command.starter is not None:
        raise InvalidInput("invalid-deal", f"a {what} deal turns up no starter")
    used = Counter(card for cards in hands for card in cards) + Counter([first] if first else [])
    used.update(in_deck(turned, deck, what))
    if mortos:
        if command.mortos is None or len(command.mortos) != 2:
            raise InvalidInput("invalid-deal", f"the deal sets aside two mortos of {mortos} cards")
        for morto in command.mortos:
            cards = in_deck(morto, deck, what)
            if len(cards) != mortos:
                raise InvalidInput("invalid-deal", f"a morto has {mortos} cards, not {len(cards)}")
            used.update(cards)
    elif command.mortos is not None:
        raise InvalidInput("invalid-deal", f"a {what} deal sets aside no morto")
    every = Counter(deck)
    over = sorted(card for card, n in used.items() if n > every[card])
    if over:
        raise InvalidInput(
            "invalid-deal",
            f"{over[0]} appears more often than the deck holds it ({every[over[0]]})",
        )
    count = len(deck) - sum(used.values())
    if command.stock is None:
        return hands, first, None, count
    stock = in_deck(command.stock, deck, what)
    if used + Counter(stock) != every:
        raise InvalidInput(
            "invalid-deal", "the stock is the rest of the deck: every card the hands do not hold"
        )
    return hands, first, stock, count


def unseen(hand: StockHand, deck: tuple[str, ...], pile: Sequence[str]) -> Counter[str]:
    """The cards an unknown stock may hold: the deck but what the hands, this pile and the
    table hold."""
    seen = Counter(card for cards in hand.hands for card in cards)
    seen.update(pile)
    seen.update(hand.placed())
    return Counter(deck) - seen


def draw(
    hand: StockHand,
    seat: int,
    wanted: int,
    command: DrawCards,
    deck: tuple[str, ...],
    what: str,
    reason: DrawReason = "turn",
    *,
    reshuffle: bool = True,
) -> list[Event]:
    """The events of `seat` drawing `wanted` cards from the stock: the pile but its top
    shuffled into the stock first when it runs short (M10; not in a game whose pile is
    taken whole, `reshuffle` False), then as many as there are."""
    at = command.at
    if command.source != "stock":
        raise InvalidInput("invalid-draw", f'a {what} draw is from the stock: "draw": "stock"')
    events: list[Event] = []
    count, stock, pile = hand.stock_count, hand.stock, hand.pile
    if reshuffle and count < wanted and hand.pile_size > 1:
        under = pile[:-1]
        if stock is not None:
            if command.restock is None:
                raise InvalidInput(
                    "invalid-draw", "the stock runs out: the draw needs the pile shuffled (restock)"
                )
            order = in_deck(command.restock, deck, what)
            if Counter(order) != Counter(under):
                raise InvalidInput(
                    "invalid-draw", "a restock is the discard pile but its top card, shuffled"
                )
            stock = stock + order
        count, pile = count + len(under), pile[-1:]
        events.append(StockRestocked(at=at, stock=stock, stock_count=count))
    n = min(wanted, count)
    if stock is not None:
        if command.cards is not None:
            raise InvalidInput("invalid-draw", "the stock is known: a draw names no card")
        cards = stock[:n]
    else:
        cards = _named(hand, command.cards, n, deck, what, pile)
    return [*events, CardsDrawn(at=at, seat=seat, cards=cards, count=n, reason=reason)]


def _named(
    hand: StockHand,
    named: Sequence[str] | None,
    n: int,
    deck: tuple[str, ...],
    what: str,
    pile: Sequence[str],
) -> tuple[str, ...]:
    if named is None:
        raise InvalidInput(
            "invalid-draw", f'the stock is not known: name the {n} card(s) drawn ("cards")'
        )
    cards = in_deck(named, deck, what)
    if len(cards) != n:
        raise InvalidInput("invalid-draw", f"this draw takes {n} card(s); {len(cards)} named")
    free = unseen(hand, deck, pile)
    for card, copies in Counter(cards).items():
        if copies > free[card]:
            raise TellsTheTable(
                "card-not-in-stock",
                f"{card} cannot come from the stock: every copy is in a hand or on the table",
            )
    return cards


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards with one copy of `card` taken out."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def held(hand: StockHand, seat: int, card: str) -> bool:
    return card in hand.hands[seat]


def with_hand(hand: StockHand, seat: int, cards: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    hands = list(hand.hands)
    hands[seat] = cards
    return tuple(hands)


def fold_stock(hand: StockHand, event: Event) -> StockHand:
    """What every drawing game's fold does with a draw, a discard, a restock."""
    match event:
        case StockRestocked():
            return replace(
                hand,
                stock=event.stock,
                stock_count=event.stock_count,
                piled=(hand.top, None),
                pile_size=1,
            )
        case CardsDrawn(source="pile"):  # the whole pile (Buraco) or its top (Cacheta)
            held = hand.hands[event.seat] + event.cards
            piled = hand.piled
            for _ in range(event.count):
                piled = piled[1] if piled is not None else None
            return replace(
                hand,
                hands=with_hand(hand, event.seat, held),
                piled=piled,
                pile_size=hand.pile_size - event.count,
            )
        case CardsDrawn(source="stock"):
            stock = None if hand.stock is None else hand.stock[event.count :]
            held = hand.hands[event.seat] + event.cards
            return replace(
                hand,
                hands=with_hand(hand, event.seat, held),
                stock=stock,
                stock_count=hand.stock_count - event.count,
            )
        case CardDiscarded():
            held = without(hand.hands[event.seat], event.card)
            return replace(
                hand,
                hands=with_hand(hand, event.seat, held),
                piled=(event.card, hand.piled),
                pile_size=hand.pile_size + 1,
            )
    return hand


Joined = Callable[[Event, Event], bool]
"""Whether an event (the second) was recorded by the same command as the one after it."""


def check_undoable(hand: StockHand) -> None:
    """A card drawn from a known stock is not put back: the stock's next card would be known
    to whoever undid the draw (a seated scorekeeper could look ahead). A draw named from an
    unknown stock, a scorekeeper's typing, may be taken back."""
    last = hand.last[0] if hand.last is not None else None
    if isinstance(last, CardsDrawn) and last.source == "stock" and hand.stock is not None:
        raise WrongStatus(
            "nothing-to-undo",
            "a card drawn from the stock is not put back: it would show the stock's order",
        )


def last_move(hand: StockHand, joined: Joined | None = None) -> int:
    """How many events the last command recorded: a draw that made a new stock, two; two
    also when the game says the event before the last was recorded with it (`joined`)."""
    if hand.last is None or hand.last[1] is None:
        return 1
    last, before = hand.last[0], hand.last[1][0]
    if isinstance(before, StockRestocked) or (joined is not None and joined(last, before)):
        return 2
    return 1


def taken_back(
    hand: StockHand,
    start: Callable[[StockHand], StockHand],
    apply: Callable[[StockHand, Event], StockHand],
    joined: Joined | None = None,
) -> StockHand:
    """The hand as it was before its last move: played again from the deal."""
    moves = hand.moves[: -last_move(hand, joined)]
    again = start(hand)
    for move in moves:
        again = apply(again, move)
    return again


def to_restock(state: Match) -> tuple[str, ...]:
    """The cards a reshuffle would make the stock of, when the stock is known: the service
    shuffles them into each draw (M13); () when no draw could need them."""
    hand = state.hand
    if not isinstance(hand, StockHand) or hand.stock is None or hand.pile_size < 2:
        return ()
    return hand.pile[:-1]


def started(event: StockDealt, at: datetime) -> dict[str, object]:
    """The fields of a StockHand its deal gives."""
    return {
        "number": event.number,
        "opener": event.opener,
        "started_at": at,
        "dealer": event.dealer,
        "dealt": event,
        "hands": event.hands,
        "stock": event.stock,
        "stock_count": event.stock_count,
    }
