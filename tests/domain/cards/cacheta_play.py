"""A random Cacheta table for the tests: each seat draws (the stock, or the discard now and
then), goes out when its cards allow (the rules asked: a batida with each possible discard,
then with 10), or discards at random; seats say "na boa" now and then, and one na boa may
jump the queue for a discard, going out or burning. The invariants are the tests' own."""

from __future__ import annotations

import random

from domain import INITIAL, CreateMatch, DomainError, Event, Match, decide, evolve, fold
from domain.cards.cacheta.commands import Burn, DealCacheta, GoOut, JumpTheQueue, SayNaBoa
from domain.cards.cacheta.hand import CachetaHand
from domain.cards.cacheta.results import playing_of
from domain.cards.melds.decks import DECK_104
from domain.cards.stock.commands import DiscardCard, DrawCards
from domain.match.commands import Command
from tests.domain.builders import AT


def created(lives: int = 10) -> Match:
    players = [f"p{n}" for n in range(4)]
    command = CreateMatch(
        at=AT, preset="cacheta", seats=players, actor="p0", overrides={"target": lives}
    )
    return fold(decide(command, INITIAL))


def random_deal(state: Match, rng: random.Random, known: bool = True) -> DealCacheta:
    cards = rng.sample(DECK_104, len(DECK_104))
    playing = playing_of(state)
    dealt = len(playing) * 9
    return DealCacheta(
        at=AT,
        hands=[cards[n * 9 : (n + 1) * 9] for n in range(len(playing))],
        vira=cards[dealt],
        stock=cards[dealt + 1 :] if known else None,
    )


def _try(command: Command, state: Match) -> list[Event] | None:
    try:
        return decide(command, state)
    except DomainError:
        return None


def next_move(state: Match, rng: random.Random) -> tuple[Command, list[Event]]:
    hand = state.hand
    assert isinstance(hand, CachetaHand)
    if hand.jumper is not None:
        seat = hand.jumper
        for command in _batidas(hand, seat):
            events = _try(command, state)
            if events is not None:
                return command, events
        burn = Burn(at=AT, seat=seat)
        return burn, decide(burn, state)
    quiet = [s for s in hand.playing if s not in hand.na_boa]
    if quiet and rng.random() < 0.03:
        say = SayNaBoa(at=AT, seat=rng.choice(quiet))
        return say, decide(say, state)
    jumpers = [s for s in hand.na_boa if s not in hand.burned and s != hand.turn]
    if jumpers and not hand.drew and rng.random() < 0.3:
        jump = JumpTheQueue(at=AT, seat=rng.choice(jumpers))
        events = _try(jump, state)
        if events is not None:
            return jump, events
    seat = hand.turn
    if not hand.drew:
        if hand.top is not None and rng.random() < 0.3:
            take = DrawCards(at=AT, seat=seat, source="pile")
            return take, decide(take, state)
        named = None
        if hand.stock is None and hand.stock_count:
            from domain.cards.stock.hand import unseen

            named = [rng.choice(sorted(unseen(hand, DECK_104, hand.pile).elements()))]
        draw = DrawCards(at=AT, seat=seat, cards=named)
        return draw, decide(draw, state)
    for command in _batidas(hand, seat):
        events = _try(command, state)
        if events is not None:
            return command, events
    discard = DiscardCard(at=AT, seat=seat, card=rng.choice(hand.hands[seat]))
    return discard, decide(discard, state)


def _batidas(hand: CachetaHand, seat: int) -> list[Command]:
    """A batida with 10 cards, then with each card as the discard (the service finds the
    groups)."""
    held = hand.hands[seat]
    tries: list[Command] = [GoOut(at=AT, seat=seat)]
    return tries + [GoOut(at=AT, seat=seat, discard=card) for card in dict.fromkeys(held)]


def random_game(
    seed: int, lives: int = 10, known: bool = True, rounds: int = 999
) -> tuple[Match, list[Event], list[Command]]:
    rng = random.Random(seed)
    state = created(lives)
    events: list[Event] = []
    commands: list[Command] = []
    while state.status == "in_progress" and len(state.hands) < rounds:
        if state.hand is None:
            command: Command = random_deal(state, rng, known)
            new = decide(command, state)
        else:
            command, new = next_move(state, rng)
        commands.append(command)
        for event in new:
            state = evolve(state, event)
            events.append(event)
    return state, events, commands
