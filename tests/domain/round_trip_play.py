"""A random legal game of every registered game, played move by move by the domain's random
players, for the round-trip properties (tests/domain/test_result_round_trip.py and, replayed
over HTTP, tests/api/test_round_trip.py).

Each game starts from a `CreateMatch` and is played command by command (`random_game`), so a
client can post the same commands again. Dominoes, Sueca, Truco, Espadas and Copas are played
here (the legal cards found by asking the rules: a card is tried and kept when `decide`
accepts it); Mau Mau, the Buraco family, Cacheta and the betting games by their own random
players (tests/domain/cards/*_play.py, test_mau_mau_properties.py). Every deal is posted, so
the same commands replayed elsewhere give the same game. No player here makes a move that
ends a hand by an infraction (a penalty, a raise in a mão de 11): such a hand has no result
body.

Now and then a deal is stacked to reach an ending random play seldom meets: a Sueca deal of
one suit a seat (the dealer's team takes every trick: a bandeirada); a Truco deal of the
same three ranks to every seat, played lowest first (three tied rounds: an empate); a Copas
hand without a pass where one seat holds every club (it takes every trick: the moon).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from msgspec.structs import replace

from domain import (
    ALL_TILES,
    DECK_40,
    INITIAL,
    AnswerRaise,
    CallRaise,
    Command,
    CreateMatch,
    DealCards,
    DomainError,
    Event,
    Match,
    Pass,
    PlayCard,
    PlayTile,
    StartHand,
    TrickHand,
    decide,
    evolve,
    legal_plays,
)
from domain.cards.cacheta.results import playing_of
from domain.cards.cards import DECK_52
from domain.cards.copas.commands import GiveCards
from domain.cards.copas.hand import CopasHand
from domain.cards.dealer import dealer_for
from domain.cards.espadas.commands import MakeBid
from domain.cards.espadas.events import Bid
from domain.cards.espadas.hand import EspadasHand
from domain.cards.melds.decks import DECK_104
from domain.cards.truco.commands import RAISES
from domain.cards.truco.hand import TrucoHand
from domain.cards.truco.rounds import ORDER as TRUCO_RANKS
from domain.cards.truco.rounds import manilha_of
from domain.dominoes.rules import Rules
from domain.games import BY_NAME
from tests.domain.builders import AT
from tests.domain.cards import betting_play, buraco_play, cacheta_play
from tests.domain.cards import test_mau_mau_properties as mau_mau

Move = Callable[[Match, random.Random], Command]


@dataclass(frozen=True)
class Played:
    """A game played move by move: where it began, every command after its creation, and
    how it stands."""

    created: Match
    commands: list[Command]
    state: Match

    @property
    def name(self) -> str:
        assert self.state.rules is not None
        return BY_NAME_OF_PRESET[self.state.rules.preset]


BY_NAME_OF_PRESET = {preset: game.name for game in BY_NAME.values() for preset in game.presets}


def created(preset: str, seats: int = 4, **overrides: Any) -> Match:
    players = [f"p{n}" for n in range(seats)]
    command = CreateMatch(at=AT, preset=preset, seats=players, actor="p0", overrides=overrides)
    state = INITIAL
    for event in decide(command, state):
        state = evolve(state, event)
    return state


def fold_in(state: Match, events: list[Event]) -> Match:
    for event in events:
        state = evolve(state, event)
    return state


def played_out(
    start: Match, move: Move, rng: random.Random, hands: int = 99, steps: int = 20_000
) -> Played:
    """Commands from `move` until the game ends or `hands` hands are over."""
    state, commands = start, list[Command]()
    for _ in range(steps):
        if state.status != "in_progress" or len(state.hands) >= hands:
            return Played(start, commands, state)
        command = move(state, rng)
        state = fold_in(state, decide(command, state))
        commands.append(command)
    raise AssertionError("a game that never ends")


def accepted(command: Command, state: Match) -> bool:
    try:
        decide(command, state)
    except DomainError:
        return False
    return True


def legal_cards(state: Match) -> list[str]:
    """The cards the seat in turn may play, as the rules say (each tried)."""
    hand = state.hand
    assert isinstance(hand, TrickHand)
    assert state.turn is not None
    seat = state.turn
    return [c for c in hand.hands[seat] if accepted(PlayCard(at=AT, seat=seat, card=c), state)]


# Dominoes


def dominoes_move(state: Match, rng: random.Random) -> Command:
    if state.hand is None:
        assert isinstance(state.rules, Rules)
        tiles = rng.sample(ALL_TILES, len(ALL_TILES))
        n = state.rules.tiles_per_seat
        hands = [tiles[s * n : (s + 1) * n] for s in range(4)]
        return StartHand(at=AT, hands=hands, dorme=tiles[4 * n :])
    seat = state.turn
    assert seat is not None
    plays = legal_plays(state)
    if not plays:
        return Pass(at=AT, seat=seat)
    tile, end = rng.choice(plays)
    return PlayTile(at=AT, seat=seat, tile=tile, end=end)


# Sueca


def sueca_deal(state: Match, rng: random.Random) -> DealCards:
    dealer = dealer_for(state, None)
    if rng.random() < 0.1:  # one suit a seat, the dealer's trumps: a bandeirada
        suits = rng.sample("CDHS", 4)
        hands = [[c for c in DECK_40 if c[-1] == suit] for suit in suits]
        return DealCards(at=AT, hands=hands, dealer=dealer, trump_card=hands[dealer][-1])
    cards = rng.sample(DECK_40, 40)
    hands = [cards[s * 10 : (s + 1) * 10] for s in range(4)]
    return DealCards(at=AT, hands=hands, dealer=dealer, trump_card=rng.choice(hands[dealer]))


def sueca_move(state: Match, rng: random.Random) -> Command:
    if state.hand is None:
        return sueca_deal(state, rng)
    assert state.turn is not None
    return PlayCard(at=AT, seat=state.turn, card=rng.choice(legal_cards(state)))


# Truco


def truco_deal(state: Match, rng: random.Random) -> DealCards:
    dealer = dealer_for(state, None)
    cards = rng.sample(DECK_40, 40)
    vira = cards[12]
    if rng.random() < 0.1:  # each seat the same three ranks, none a manilha: rounds tie
        apart = (vira[:-1], manilha_of(vira))
        ranks = rng.sample([r for r in TRUCO_RANKS if r not in apart], 3)
        hands = [[rank + suit for rank in ranks] for suit in rng.sample("CDHS", 4)]
        return DealCards(at=AT, hands=hands, dealer=dealer, vira=vira)
    hands = [cards[s * 3 : (s + 1) * 3] for s in range(4)]
    return DealCards(at=AT, hands=hands, dealer=dealer, vira=vira)


def truco_move(state: Match, rng: random.Random) -> Command:
    """Cards (covered now and then from the second round), raises, and answers to them:
    accepted, run from, or raised again. No raise in a mão de 11 (it forfeits the game). In
    a hand where every seat holds the same ranks, the lowest card, face up: every round ties
    (an empate)."""
    hand = state.hand
    if hand is None:
        return truco_deal(state, rng)
    assert isinstance(hand, TrucoHand)
    if hand.pending is not None:
        answering = rng.choice([s for s in range(4) if s % 2 != hand.pending.seat % 2])
        raise_again = [
            CallRaise(at=AT, seat=answering, call=call)  # type: ignore[arg-type]
            for call in RAISES
            if accepted(CallRaise(at=AT, seat=answering, call=call), state)  # type: ignore[arg-type]
        ]
        roll = rng.random()
        if raise_again and roll < 0.15:
            return raise_again[0]
        return AnswerRaise(at=AT, seat=answering, accept=roll < 0.6)
    seat = state.turn
    assert seat is not None
    if not hand.eleven and rng.random() < 0.12:
        for call in RAISES:
            command = CallRaise(at=AT, seat=seat, call=call)  # type: ignore[arg-type]
            if accepted(command, state):
                return command
    held = hand.hands[seat]
    if len({tuple(sorted(c[:-1] for c in cards)) for cards in hand.dealt.hands}) == 1:
        return PlayCard(at=AT, seat=seat, card=min(held, key=lambda c: TRUCO_RANKS.index(c[:-1])))
    covered = len(hand.tricks) >= 1 and rng.random() < 0.15
    return PlayCard(at=AT, seat=seat, card=rng.choice(held), covered=covered)


# Espadas and Copas


def espadas_bid(held: tuple[str, ...], rng: random.Random) -> Bid:
    """About the tricks the cards may take (aces, kings, high spades), a nil now and then:
    contracts are made and failed, nils won and lost, bags gathered."""
    sure = sum(c[:-1] in ("A", "K") or (c[-1] == "S" and c[:-1] in ("Q", "J")) for c in held)
    roll = rng.random()
    if sure <= 2 and roll < 0.15:
        return "nil" if roll < 0.12 else "double_nil"
    return max(1, min(13, sure + rng.choice([-1, 0, 0, 1])))


def espadas_move(state: Match, rng: random.Random) -> Command:
    hand = state.hand
    if hand is None:
        cards = rng.sample(DECK_52, 52)
        hands = [cards[s * 13 : (s + 1) * 13] for s in range(4)]
        return DealCards(at=AT, hands=hands, dealer=dealer_for(state, None))
    assert isinstance(hand, EspadasHand)
    assert state.turn is not None
    if hand.bidding:
        return MakeBid(at=AT, seat=state.turn, bid=espadas_bid(hand.hands[state.turn], rng))
    return PlayCard(at=AT, seat=state.turn, card=rng.choice(legal_cards(state)))


def copas_deal(state: Match, rng: random.Random) -> DealCards:
    cards = rng.sample(DECK_52, 52)
    if (len(state.hands) + 1) % 4 == 0 and rng.random() < 0.5:  # C2: a hand with no pass
        clubs = [c for c in cards if c[-1] == "C"]  # one seat holds them all: it takes
        cards = clubs + [c for c in cards if c[-1] != "C"]  # every trick, the moon (C6)
    hands = [cards[s * 13 : (s + 1) * 13] for s in range(4)]
    rng.shuffle(hands)
    return DealCards(at=AT, hands=hands, dealer=dealer_for(state, None))


def copas_move(state: Match, rng: random.Random) -> Command:
    hand = state.hand
    if hand is None:
        return copas_deal(state, rng)
    assert isinstance(hand, CopasHand)
    if hand.passing:
        seat = rng.choice([s for s, given in enumerate(hand.given) if given is None])
        return GiveCards(at=AT, seat=seat, cards=rng.sample(hand.hands[seat], 3))
    assert state.turn is not None
    return PlayCard(at=AT, seat=state.turn, card=rng.choice(legal_cards(state)))


# Mau Mau: its properties' player, without the moves it makes to be refused


def mau_mau_move(known: bool) -> Move:
    def move(state: Match, rng: random.Random) -> Command:
        if state.hand is None:
            return mau_mau.deal(state, rng, known)
        return mau_mau.a_move(state, rng)

    return move


# Cacheta: its random player, and now and then a deal where the first seat goes out with 10


DEZ = ["3C", "4C", "5C", "6D", "7D", "8D", "9S", "10S", "JS"]
"""Three runs: with the QS drawn, ten cards in groups (the vira KH makes the red aces wild)."""


def cacheta_move(known: bool) -> Move:
    def move(state: Match, rng: random.Random) -> Command:
        if state.hand is not None:
            return cacheta_play.next_move(state, rng)[0]
        deal = cacheta_play.random_deal(state, rng, known)
        if not known or rng.random() > 0.2:
            return deal
        first = fold_in(state, decide(deal, state)).turn
        assert first is not None
        rest = list((Counter(DECK_104) - Counter([*DEZ, "QS", "KH"])).elements())
        rng.shuffle(rest)
        playing = playing_of(state)
        hands = [DEZ if seat == first else [rest.pop() for _ in range(9)] for seat in playing]
        return replace(deal, hands=hands, vira="KH", stock=["QS", *rest])

    return move


# Every game


def random_game(name: str, seed: int, hands: int = 99, known: bool = True) -> Played:
    """A random legal game of `name` (a registered game's name), from its creation: a whole
    game, or its first `hands` hands. `known`: the stock is posted with the deal (Mau Mau,
    the Buraco family, Cacheta; the board or stock of the betting games); else each draw
    names its cards."""
    rng = random.Random(seed)
    if name == "dominoes":
        preset = rng.choice(["pontos", "cinquenta", "federacao"])
        return played_out(created(preset), dominoes_move, rng, hands)
    if name in TRICK_GAMES:
        preset, move, overrides = TRICK_GAMES[name]
        return played_out(created(preset, **overrides), move, rng, hands)
    if name == "mau-mau":
        seats = rng.randint(4, 8)
        start = created("mau-mau", seats, target=rng.choice([1, 1, 40]))
        return played_out(start, mau_mau_move(known), rng, hands)
    if name in ("buraco", "mega-buraco", "tranca"):
        seats = rng.choice([2, 4])
        target = rng.choice([1000, 1500])
        state, _, commands = buraco_play.random_game(
            rng.randrange(2**32), seats, target, known, hands, preset=name
        )
        return Played(buraco_play.created(seats, target, name), commands, state)
    if name == "cacheta":
        start = cacheta_play.created(lives=rng.choice([1, 2, 3]))
        return played_out(start, cacheta_move(known), rng, hands)
    if name in ("texas-holdem", "poker"):
        return betting_game(name, rng, hands, known)
    raise AssertionError(f"no random player for {name}: add one here")


TRICK_GAMES: dict[str, tuple[str, Move, dict[str, Any]]] = {
    "sueca": ("sueca", sueca_move, {}),
    "truco": ("truco", truco_move, {}),
    "espadas": ("espadas", espadas_move, {"target": 150}),
    "copas": ("copas", copas_move, {"target": 60}),
}


def betting_game(name: str, rng: random.Random, hands: int, known: bool) -> Played:
    seats = rng.randint(2, 6)
    events, commands = betting_play.random_session(
        rng, name, seats, hands=min(hands, 8), known=known
    )
    start = fold_in(INITIAL, events[:1])
    return Played(start, commands, fold_in(start, events[1:]))
