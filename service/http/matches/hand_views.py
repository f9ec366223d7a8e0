"""The hand in progress as a reader sees it, one view per family of games. Unplayed tiles
and cards are secret: `seen` names the seats whose hands this reader may see."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from domain import GameHand, Hand, Played, TrickHand
from domain.cards.betting.hand import BettingHand
from domain.cards.stock.hand import StockHand
from domain.match.game import Game
from service.http.matches.described import described

Seen = frozenset[int]


class HandNow(msgspec.Struct, frozen=True, kw_only=True, tag_field="family", tag="dominoes"):
    """A dominoes hand in progress (`"family": "dominoes"`)."""

    number: Annotated[int, Meta(description="1 for the first hand of the game.")]
    opener: Annotated[int, Meta(description="The seat that opens this hand.")]
    opening_tile: Annotated[str | None, Meta(description="The tile it must open with, if any.")]
    board: Annotated[list[str], Meta(description="Tiles laid, from the left end to the right.")]
    open_ends: Annotated[
        dict[str, int] | None,
        Meta(description='The open numbers: {"left": n, "right": m}; null on an empty board.'),
    ] = None
    tiles_left: Annotated[list[int], Meta(description="How many tiles each seat still holds.")]
    hands: Annotated[
        list[list[str] | None],
        Meta(description=("Each seat's tiles, null where the reader may not see them.")),
    ]
    dorme: Annotated[list[str] | None, Meta(description="The undealt tiles, if visible.")]
    started_at: Annotated[datetime, Meta(description="When the hand was dealt.")]


class CardOnTable(msgspec.Struct, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(description="Who played it.")]
    card: Annotated[
        str | None, Meta(description="The card; null for a covered card the reader may not see.")
    ]
    covered: Annotated[bool, Meta(description=described("view.covered"))] = False


class TrickOut(msgspec.Struct, frozen=True, kw_only=True):
    cards: Annotated[list[CardOnTable], Meta(description="Its cards, in the order played.")]
    winner: Annotated[int | None, Meta(description="The seat that took it; null: a tied round.")]
    team: Annotated[str | None, Meta(description="The team that took it.")]


class PendingCall(msgspec.Struct, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(description="Who raised.")]
    call: Annotated[str, Meta(description="truco, seis, nove or doze.")]
    value: Annotated[int, Meta(description="What the hand is worth if the raise is accepted.")]


class TeamPair(msgspec.Struct, frozen=True):
    """A number for each of two partnerships: tricks, card points, pips left."""

    A: Annotated[int, Meta(description="Team A's (seats 0 and 2).")]
    B: Annotated[int, Meta(description="Team B's (seats 1 and 3).")]


class CardHandNow(msgspec.Struct, frozen=True, kw_only=True, tag_field="family", tag="cards"):
    """A trick game's hand in progress (`"family": "cards"`): what every one of them shows,
    and each game's own fields (`Game.shown`), null or false where it has none."""

    number: Annotated[int, Meta(description="1 for the first hand of the game.")]
    dealer: Annotated[int, Meta(description="The seat that dealt it.")]
    opener: Annotated[int, Meta(description="The seat that led the first trick.")]
    leader: Annotated[int, Meta(description="The seat that leads the trick on the table.")]
    trick: Annotated[list[CardOnTable], Meta(description="The cards on the table, in order.")]
    tricks: Annotated[
        TeamPair, Meta(description=described("view.tricks", "Tricks each team has taken."))
    ]
    tricks_played: Annotated[list[TrickOut], Meta(description="The finished tricks, in order.")]
    cards_left: Annotated[list[int], Meta(description="How many cards each seat still holds.")]
    hands: Annotated[
        list[list[str] | None],
        Meta(description="Each seat's cards, null where the reader may not see them."),
    ]
    trump: Annotated[str | None, Meta(description=described("view.trump"))] = None
    trump_card: Annotated[str | None, Meta(description=described("view.trump_card"))] = None
    card_points: Annotated[TeamPair | None, Meta(description=described("view.card_points"))] = None
    vira: Annotated[str | None, Meta(description=described("view.vira"))] = None
    manilha: Annotated[str | None, Meta(description=described("view.manilha"))] = None
    hand_value: Annotated[int | None, Meta(description=described("view.hand_value"))] = None
    pending_call: Annotated[
        PendingCall | None, Meta(description=described("view.pending_call"))
    ] = None
    mao_de_onze: Annotated[bool, Meta(description=described("view.mao_de_onze"))] = False
    mao_de_ferro: Annotated[bool, Meta(description=described("view.mao_de_ferro"))] = False
    tricks_by_seat: Annotated[
        list[int], Meta(description=described("view.tricks", "Tricks each seat has taken."))
    ] = msgspec.field(default_factory=list)
    bids: Annotated[list[int | str | None] | None, Meta(description=described("view.bids"))] = None
    spades_broken: Annotated[bool | None, Meta(description=described("view.spades_broken"))] = None
    pass_direction: Annotated[str | None, Meta(description=described("view.pass_direction"))] = None
    given: Annotated[list[int] | None, Meta(description=described("view.given"))] = None
    giving: Annotated[list[list[str] | None] | None, Meta(description=described("view.giving"))] = (
        None
    )
    hearts_broken: Annotated[bool | None, Meta(description=described("view.hearts_broken"))] = None
    points_this_hand: Annotated[
        list[int] | None, Meta(description=described("view.points_this_hand"))
    ] = None
    started_at: Annotated[datetime, Meta(description="When the hand was dealt.")]


class MeldOut(msgspec.Struct, frozen=True, kw_only=True):
    cards: Annotated[list[str], Meta(description="Its cards, as laid and added.")]
    canastra: Annotated[
        str | None, Meta(description='Once seven cards or more: "limpa", "suja" or "mil".')
    ] = None


class StockHandNow(msgspec.Struct, frozen=True, kw_only=True, tag_field="family", tag="stock"):
    """A hand of a game that draws and discards (`"family": "stock"`): the stock, the
    discard pile, the hands, and each game's own fields (`Game.shown`), null where it has
    none. The stock and the cards drawn from it are secret; the pile and the counts public."""

    number: Annotated[int, Meta(description="1 for the first hand of the game.")]
    dealer: Annotated[int, Meta(description="The seat that dealt it.")]
    opener: Annotated[int, Meta(description="The first player: the seat after the dealer.")]
    turn: Annotated[int, Meta(description="The seat to play.")]
    cards_left: Annotated[list[int], Meta(description="How many cards each seat holds.")]
    hands: Annotated[
        list[list[str] | None],
        Meta(description="Each seat's cards, null where the reader may not see them."),
    ]
    stock_count: Annotated[int, Meta(description="How many cards the stock holds.")]
    stock: Annotated[
        list[str] | None,
        Meta(
            description="The stock, top first, to who posted it with the deal; null to "
            "everyone else, and when the deal posted none (each draw names its card)."
        ),
    ] = None
    stock_known: Annotated[
        bool, Meta(description="The deal posted the stock (or the service shuffled it).")
    ]
    pile: Annotated[list[str], Meta(description="The discard pile, its top card last.")]
    top: Annotated[str | None, Meta(description=described("view.top"))] = None
    demanded_suit: Annotated[str | None, Meta(description=described("view.demanded_suit"))] = None
    direction: Annotated[int | None, Meta(description=described("view.direction"))] = None
    pending_draw: Annotated[int | None, Meta(description=described("view.pending_draw"))] = None
    owed: Annotated[list[int] | None, Meta(description=described("view.owed"))] = None
    called: Annotated[bool | None, Meta(description=described("view.called"))] = None
    drew: Annotated[bool | None, Meta(description=described("view.drew"))] = None
    accusable: Annotated[int | None, Meta(description=described("view.accusable"))] = None
    phase: Annotated[str | None, Meta(description=described("view.phase"))] = None
    melds: Annotated[dict[str, list[MeldOut]] | None, Meta(description=described("view.melds"))] = (
        None
    )
    morto_taken: Annotated[
        dict[str, bool] | None, Meta(description=described("view.morto_taken"))
    ] = None
    mortos_left: Annotated[int | None, Meta(description=described("view.mortos_left"))] = None
    vira: Annotated[str | None, Meta(description=described("view.vira"))] = None
    wilds: Annotated[list[str] | None, Meta(description=described("view.wilds"))] = None
    lives: Annotated[list[int] | None, Meta(description=described("view.lives"))] = None
    na_boa: Annotated[list[int] | None, Meta(description=described("view.na_boa"))] = None
    burned: Annotated[list[int] | None, Meta(description=described("view.burned"))] = None
    out: Annotated[list[int] | None, Meta(description=described("view.out"))] = None
    jumper: Annotated[int | None, Meta(description=described("view.jumper"))] = None
    red_threes: Annotated[dict[str, int] | None, Meta(description=described("view.red_threes"))] = (
        None
    )
    locked: Annotated[bool | None, Meta(description=described("view.locked"))] = None
    started_at: Annotated[datetime, Meta(description="When the hand was dealt.")]


class PotOut(msgspec.Struct, frozen=True, kw_only=True):
    amount: Annotated[int, Meta(description="Its chips.")]
    seats: Annotated[list[int], Meta(description="The seats still in that may win it.")]


class Blinds(msgspec.Struct, frozen=True, kw_only=True):
    small: Annotated[int, Meta(description="The seat that posted the small blind.")]
    big: Annotated[int, Meta(description="The seat that posted the big blind.")]


class BettingHandNow(msgspec.Struct, frozen=True, kw_only=True, tag_field="family", tag="betting"):
    """A hand at a betting table (`"family": "betting"`: Texas Hold'em, poker fechado):
    chips, bets and pots, all public; each seat's cards only to who may see them, and a
    hand that folded to nobody else, ever."""

    number: Annotated[int, Meta(description="1 for the session's first hand.")]
    dealer: Annotated[int, Meta(description="The seat with the button.")]
    opener: Annotated[int, Meta(description="The first seat to act.")]
    turn: Annotated[
        int | None,
        Meta(description="The seat to act (bet or exchange); null while the board is due."),
    ] = None
    street: Annotated[
        str,
        Meta(
            description='"preflop", "flop", "turn", "river" (Hold\'em); "bet1", "draw", '
            '"bet2" (poker fechado).'
        ),
    ]
    waiting_for: Annotated[
        str,
        Meta(
            description='"bet", "board" (the next street\'s cards, to be named), "draw" '
            '(an exchange), or nothing more ("showdown", "won").'
        ),
    ]
    dealt: Annotated[list[int], Meta(description="The seats dealt in.")]
    hands: Annotated[
        list[list[str] | None],
        Meta(description="Each seat's cards, null where the reader may not see them."),
    ]
    stacks: Annotated[list[int], Meta(description="The chips behind each seat.")]
    pot: Annotated[int, Meta(description="Every chip put in this hand.")]
    pots: Annotated[list[PotOut], Meta(description="The main pot, then each side pot (P6).")]
    put: Annotated[list[int], Meta(description="What each seat has put in this hand.")]
    round_bets: Annotated[
        list[int], Meta(description="What each seat has put in this betting round.")
    ]
    to_call: Annotated[int, Meta(description="What the seat to act must add to cover.")]
    min_raise_to: Annotated[
        int, Meta(description="The least total a bet or raise may reach now (P4, H4).")
    ]
    folded: Annotated[list[int], Meta(description="The seats that folded.")]
    all_in: Annotated[list[int], Meta(description="The seats still in with no chip behind.")]
    board: Annotated[list[str], Meta(description="Hold'em: the board turned so far.")]
    stock_known: Annotated[
        bool, Meta(description="The deal posted the board or stock (or the service shuffled).")
    ]
    exchanged: Annotated[
        dict[str, int],
        Meta(description="Poker fechado: how many cards each seat exchanged."),
    ]
    blinds: Annotated[
        Blinds | None, Meta(description="Hold'em: the seats of the small and big blinds.")
    ] = None
    started_at: Annotated[datetime, Meta(description="When the hand was dealt.")]


HandView = HandNow | CardHandNow | StockHandNow | BettingHandNow


def dominoes_view(hand: GameHand, seen: Seen, game: Game) -> HandNow:
    assert isinstance(hand, Hand)
    return HandNow(
        number=hand.number,
        opener=hand.opener,
        opening_tile=hand.opening_tile,
        board=list(hand.board),
        open_ends=None if hand.ends is None else {"left": hand.ends.left, "right": hand.ends.right},
        tiles_left=list(hand.tiles_left),
        hands=[list(tiles) if seat in seen else None for seat, tiles in enumerate(hand.hands)],
        dorme=list(hand.dorme) if len(seen) == 4 else None,
        started_at=hand.started_at,
    )


def cards_view(hand: GameHand, seen: Seen, game: Game) -> CardHandNow:
    """What every trick game shows, and the game's own fields (`Game.shown`, checked against
    the view's types)."""
    assert isinstance(hand, TrickHand)
    seats = range(len(hand.hands))
    common: dict[str, Any] = {
        "number": hand.number,
        "dealer": hand.dealer,
        "opener": hand.opener,
        "leader": hand.leader,
        "trick": [_on_table(p, seen) for p in hand.trick],
        "tricks": TeamPair(hand.won.A, hand.won.B),
        "tricks_played": [
            TrickOut(cards=[_on_table(p, seen) for p in t.cards], winner=t.winner, team=t.team)
            for t in hand.tricks
        ],
        "cards_left": [len(cards) for cards in hand.hands],
        "hands": [list(cards) if seat in seen else None for seat, cards in enumerate(hand.hands)],
        "tricks_by_seat": [sum(t.winner == s for t in hand.tricks) for s in seats],
        "started_at": hand.started_at,
    }
    return msgspec.convert(common | game.shown(hand, seen), CardHandNow)


def _on_table(played: Played, seen: Seen) -> CardOnTable:
    """A covered card's face is secret until the hand ends, but to its own seat's reader."""
    card = played.card if not played.covered or played.seat in seen else None
    return CardOnTable(seat=played.seat, card=card, covered=played.covered)


def stock_view(hand: GameHand, seen: Seen, game: Game) -> StockHandNow:
    """What every drawing game shows, and the game's own fields (`Game.shown`). The stock's
    order only to who sees every seat (who posted the deal), as dominoes' dorme."""
    assert isinstance(hand, StockHand)
    everyone = len(seen) == hand.seats
    common: dict[str, Any] = {
        "number": hand.number,
        "dealer": hand.dealer,
        "opener": hand.opener,
        "turn": hand.turn,
        "cards_left": [len(cards) for cards in hand.hands],
        "hands": [list(cards) if seat in seen else None for seat, cards in enumerate(hand.hands)],
        "stock_count": hand.stock_count,
        "stock": list(hand.stock) if everyone and hand.stock is not None else None,
        "stock_known": hand.stock is not None,
        "pile": list(hand.pile),
        "started_at": hand.started_at,
    }
    return msgspec.convert(common | game.shown(hand, seen), StockHandNow)


def betting_view(hand: GameHand, seen: Seen, game: Game) -> BettingHandNow:
    assert isinstance(hand, BettingHand)
    common: dict[str, Any] = {
        "number": hand.number,
        "dealer": hand.dealer,
        "opener": hand.opener,
        "turn": hand.turn,
        "hands": [list(cards) if seat in seen else None for seat, cards in enumerate(hand.hands)],
        "started_at": hand.started_at,
    }
    return msgspec.convert(common | game.shown(hand, seen), BettingHandNow)


VIEWS: dict[str, Callable[[GameHand, Seen, Game], HandView]] = {
    "dominoes": dominoes_view,
    "cards": cards_view,
    "stock": stock_view,
    "betting": betting_view,
}
"""The view of a hand in progress, by the game's family (`Game.family`)."""
