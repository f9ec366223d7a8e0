"""What a move brings about by itself: the posted board's next street, the showdown (P6,
P7, P13, P14), or the hand won when every other seat folds, whose cards nobody else ever
sees; and the hand's end, its chips conserved."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from domain.cards.betting.events import BoardTurned, CardsSwapped, PotWon, ShowdownHeld
from domain.cards.betting.evolve import advance
from domain.cards.betting.hand import BettingHand
from domain.cards.betting.pots import best_of, pots, shares
from domain.cards.betting.ranking import category, ranks_of
from domain.cards.betting.session import over
from domain.cards.betting.variant import Variant, rules_of
from domain.match.events import Event, HandEnded
from domain.match.finish import hand_ended, then_finish
from domain.match.state import HandResult, Match


def then(
    state: Match, hand: BettingHand, events: list[Event], at: datetime, variant: Variant
) -> list[Event]:
    """The move's events, then what follows by itself: the posted board's next street, the
    showdown, or the hand won when all the others folded."""
    rules = rules_of(state)
    for event in events:
        hand = advance(hand, event, variant, rules)
    while hand.phase == "board" and hand.stock is not None:
        wanted = variant.streets.board[hand.street]
        turned = BoardTurned(at=at, street=hand.street, cards=hand.stock[:wanted])
        events.append(turned)
        hand = advance(hand, turned, variant, rules)
    if hand.phase == "won":
        return then_finish(state, [*events, _won_by_folds(state, hand, at)], at, places_of=over)
    if hand.phase == "showdown":
        showdown, ended = _showdown(state, hand, at, variant)
        return then_finish(state, [*events, showdown, ended], at, places_of=over)
    return events


def _won_by_folds(state: Match, hand: BettingHand, at: datetime) -> HandEnded:
    (winner,) = hand.live
    won = [0] * len(hand.stacks)
    won[winner] = hand.pot
    layers = [PotWon(hand.pot, (winner,), (winner,))]
    return _ended(state, hand, at, won, layers, showdown=False)


def _showdown(
    state: Match, hand: BettingHand, at: datetime, variant: Variant
) -> tuple[ShowdownHeld, HandEnded]:
    rules = rules_of(state)
    low = variant.low(len(hand.dealt))
    over = bool(getattr(rules, "flush_beats_full_house", False))
    ranks = ranks_of(
        {s: hand.hands[s] for s in hand.live}, hand.board, low=low, flush_beats_full_house=over
    )

    layers = pots(hand.put, hand.folded)
    won, winners = shares(layers, best_of(ranks), hand.dealer, len(hand.stacks))
    results = tuple(PotWon(p.amount, p.seats, w) for p, w in zip(layers, winners, strict=True))
    showdown = ShowdownHeld(
        at=at,
        shown={str(s): _in_order(hand.hands[s], variant) for s in hand.live},
        made={str(s): category(ranks[s]) for s in hand.live},
        pots=results,
    )
    return showdown, _ended(state, hand, at, won, list(results), True, showdown.made)


def _restocked(hand: BettingHand) -> list[int]:
    """P2, P14: the seats that exchanged once the stock was made again from the cards
    thrown: what they received may be another seat's discards, so their shown cards are
    not opened card by card (which cards they received would tell what an earlier seat,
    maybe one that folded, threw away)."""
    thrown: set[str] = set()
    seats: list[int] = []
    for event in hand.moves:
        if not isinstance(event, CardsSwapped):
            continue
        if seats or event.restock is not None or thrown & set(event.received):
            seats.append(event.seat)
        thrown |= set(event.thrown)
    return seats


def _in_order(cards: tuple[str, ...], variant: Variant) -> tuple[str, ...]:
    """A hand shown in the deck's order: nothing of the order its cards came in."""
    deck = variant.deck(2)
    return tuple(sorted(cards, key=lambda c: (deck.index(c) if c in deck else -1, c)))


def _ended(
    state: Match,
    hand: BettingHand,
    at: datetime,
    won: list[int],
    layers: list[PotWon],
    showdown: bool,
    made: dict[str, str] | None = None,
) -> HandEnded:
    net = {str(s): won[s] - hand.put[s] for s in hand.dealt}
    stacks = [hand.stacks[s] + won[s] for s in range(len(hand.stacks))]
    best = max(net.values())
    top = [side for side, chips in net.items() if chips == best]
    winner = top[0] if len(top) == 1 and best > 0 else None
    details: dict[str, Any] = {
        "stacks": stacks,
        "pot": hand.pot,
        "pots": [
            {"amount": p.amount, "seats": list(p.seats), "winners": list(p.winners)} for p in layers
        ],
        "showdown": showdown,
        "street": hand.street,
        "dealt": list(hand.dealt),
        "won": [won[s] for s in range(len(won))],
        "shown": list(hand.live) if showdown else [],
        "shown_cards": {str(s): sorted(hand.hands[s]) for s in hand.live} if showdown else {},
        "unopened": _restocked(hand) if showdown else [],
        "made": made or {},
    }
    return hand_ended(
        state,
        outcome="showdown" if showdown else "fold",
        winner=winner,
        base=best if winner is not None else 0,
        at=at,
        dealer=hand.dealer,
        scores=net,
        details=details,
    )


def revealed(result: HandResult) -> dict[int, frozenset[str]]:
    """P13, P14: the cards each seat showed at the showdown; a hand that folded, or won
    with everyone else folded, shows nothing."""
    details = json.loads(result.details) if result.details else {}
    unopened = set(details.get("unopened", ()))
    shown = details.get("shown_cards", {})
    return {
        int(seat): frozenset(cards) for seat, cards in shown.items() if int(seat) not in unopened
    }
