"""A random Buraco table for the tests: legal moves found by asking the rules (a meld, an
addition or a discard is tried and kept when `decide` accepts it), so the games reach
every part of the hand: melds, canastras, mortos taken direta and indireta, batidas, the
stock run out. The invariants are the tests' own."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

from msgspec.structs import replace

from domain import INITIAL, CreateMatch, DomainError, Event, Match, decide, evolve, fold
from domain.cards.buraco.commands import AddToMeld, LayMeld, LayRedThree, TakePile
from domain.cards.buraco.hand import BuracoHand, side_of, variant_of
from domain.cards.cards import RANKS
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards
from domain.cards.stock.hand import unseen
from domain.match.commands import Command
from tests.domain.builders import AT


def created(seats: int, target: int = 3000, preset: str = "buraco") -> Match:
    players = [f"p{n}" for n in range(seats)]
    command = CreateMatch(
        at=AT, preset=preset, seats=players, actor="p0", overrides={"target": target}
    )
    return fold(decide(command, INITIAL))


def random_deal(state: Match, rng: random.Random, known: bool = True) -> DealStock:
    variant = variant_of(state)
    cards = rng.sample(variant.deck, len(variant.deck))
    seats = len(state.seats)
    dealt = seats * 11
    rest = cards[dealt + 22 :]
    starter = rest.pop(0) if variant.starter else None
    return DealStock(
        at=AT,
        hands=[cards[s * 11 : (s + 1) * 11] for s in range(seats)],
        mortos=[cards[dealt : dealt + 11], cards[dealt + 11 : dealt + 22]],
        starter=starter,
        stock=rest if known else None,
    )


def candidates(state: Match, rng: random.Random) -> Iterator[Command]:
    """The moves to try, in a random order: a draw first; then additions and new runs
    (a wild 2 in some, sometimes with the rank it stands for named: B5); the discards
    last."""
    hand = state.hand
    assert isinstance(hand, BuracoHand)
    seat = hand.turn
    threes = variant_of(state).threes
    if not hand.drew:
        if threes and hand.pile_size and rng.random() < 0.5:  # Tranca: the top card melded
            top = hand.top or ""
            same = [c for c in hand.hands[seat] if c[:-1] == top[:-1]]
            if len(same) >= 2:
                yield TakePile(at=AT, seat=seat, meld=same[:2])
            for number, _ in enumerate(hand.melds[side_of(seat)]):
                yield TakePile(at=AT, seat=seat, to=number)
        elif hand.pile_size and (rng.random() < 0.25 or not hand.stock_count):
            yield DrawCards(at=AT, seat=seat, source="pile")
        named = None
        if hand.stock is None:  # a scorekeeper names the card: one nobody has seen
            deck = variant_of(state).deck
            named = [rng.choice(sorted(unseen(hand, deck, hand.pile).elements()))]
        yield DrawCards(at=AT, seat=seat, cards=named)
        return
    held = list(hand.hands[seat])
    tries: list[Command] = []
    red = [card for card in held if card in ("3D", "3H")] if threes else []
    if red and hand.stock_count:  # T5: laid before anything else, replaced at once
        replacement = None
        if hand.stock is None:
            deck = variant_of(state).deck
            replacement = [rng.choice(sorted(unseen(hand, deck, hand.pile).elements()))]
        yield LayRedThree(at=AT, seat=seat, card=red[0], replacement=replacement)
        return
    distinct = sorted(set(held))  # sorted: the same game from a seed in every process
    for number, _ in enumerate(hand.melds[side_of(seat)]):
        tries += [AddToMeld(at=AT, seat=seat, to=number, cards=[card]) for card in distinct]
    twos = [card for card in held if card[0] == "2" or card == "JK"]
    if variant_of(state).melds.sets:  # trincas: three of a rank, or two and a wild
        for rank in sorted({card[:-1] for card in held if card != "JK"}):
            same = [card for card in held if card[:-1] == rank]
            tries += [LayMeld(at=AT, seat=seat, cards=list(t)) for t in combinations(same, 3)]
            if twos and len(same) >= 2:
                tries.append(LayMeld(at=AT, seat=seat, cards=[*same[:2], twos[-1]]))
    for suit in "CDHS":
        own = sorted({card for card in held if card[-1] == suit and card != "JK"})
        tries += [LayMeld(at=AT, seat=seat, cards=list(trio)) for trio in combinations(own, 3)]
        if twos:
            pairs = combinations(own, 2)
            tries += [
                LayMeld(at=AT, seat=seat, cards=[*pair, twos[0]], wild_as=_named(rng))
                for pair in pairs
            ]
    rng.shuffle(tries)
    yield from tries[:40]
    for card in rng.sample(held, len(held)):
        if card not in red:
            yield DiscardCard(at=AT, seat=seat, card=card)


def _named(rng: random.Random) -> str | None:
    """Mostly no word (the default reading), else a rank, right or wrong."""
    return rng.choice(RANKS) if rng.random() < 0.3 else None


def next_move(state: Match, rng: random.Random) -> tuple[Command, list[Event]]:
    for command in candidates(state, rng):
        try:
            return command, decide(command, state)
        except DomainError as refused:
            if refused.code != "wild-to-required":
                continue
        assert isinstance(command, AddToMeld | TakePile)  # B5: the wild's card arrived
        moved = replace(command, wild_to=rng.choice(["low", "high"]))
        try:
            return moved, decide(moved, state)
        except DomainError:
            continue
    raise AssertionError("no legal move")


def random_game(
    seed: int,
    seats: int,
    target: int = 3000,
    known: bool = True,
    hands: int = 99,
    preset: str = "buraco",
) -> tuple[Match, list[Event], list[Command]]:
    """A game played out (or its first `hands` hands): its state, events and commands."""
    rng = random.Random(seed)
    state = created(seats, target, preset)
    events: list[Event] = []
    commands: list[Command] = []
    while state.status == "in_progress" and len(state.hands) < hands:
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
