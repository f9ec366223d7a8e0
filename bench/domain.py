"""Benchmark of the pure domain: one move (decide + evolve) and the fold of a whole game, for
dominoes and for the card games, in one run.

Run: .venv/bin/python bench/domain.py [games] [--split] [--cpu] [--only NAME ...] (`--help`)
Every registered game's move is timed: dominoes, Sueca, Truco, Espadas, Copas, Buraco, Mega
Buraco, Tranca, Cacheta (their random players are the tests' own), Mau Mau at six seats,
Texas Hold'em at eight (a bet; a session of 12 hands) and poker fechado at six (a bet or
an exchange); then Cacheta's batida check and a Hold'em showdown of eight seats (target:
a betting move and the showdown, medians under 20 us).
Plays random legal games of each kind -- cinquenta (50-point dominoes), Sueca and Truco --
timing every play or pass (dominoes) and every card (`PlayCard`), deals not counted; then
folds each finished game from its events. `--split` also times decide and evolve apart,
and the move by what it does (a card that closes a trick, a move that ends the hand, ...).
Target for a card move: a median under 10 us.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

# Run as a script, this folder heads sys.path and this file's name would hide the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parent), *(p for p in sys.path if Path(p or ".").resolve() != HERE)]

from domain import (  # noqa: E402
    ALL_TILES,
    DECK_40,
    INITIAL,
    Command,
    CreateMatch,
    DealCards,
    Event,
    Hand,
    HandEnded,
    Match,
    Pass,
    PlayCard,
    PlayTile,
    StartHand,
    TrickHand,
    decide,
    evolve,
    fold,
    legal_plays,
)
from domain.cards.betting.commands import (  # noqa: E402
    Bet,
    CloseSession,
    DealBetting,
    SwapCards,
)
from domain.cards.betting.exchange import to_restock  # noqa: E402
from domain.cards.betting.hand import BettingHand  # noqa: E402
from domain.cards.betting.pots import best_of, pots, shares  # noqa: E402
from domain.cards.betting.ranking import ranks_of  # noqa: E402
from domain.cards.betting.session import stacks_now  # noqa: E402
from domain.cards.buraco.commands import (  # noqa: E402
    AddToMeld,
    LayMeld,
    LayRedThree,
    TakePile,
)
from domain.cards.cacheta.commands import GoOut  # noqa: E402
from domain.cards.cards import DECK_52  # noqa: E402
from domain.cards.copas.commands import GiveCards  # noqa: E402
from domain.cards.copas.hand import CopasHand  # noqa: E402
from domain.cards.espadas.commands import MakeBid  # noqa: E402
from domain.cards.espadas.hand import EspadasHand  # noqa: E402
from domain.cards.holdem.variant import HOLDEM  # noqa: E402
from domain.cards.maumau.commands import Accuse, CallMauMau  # noqa: E402
from domain.cards.maumau.decide import follows  # noqa: E402
from domain.cards.maumau.hand import MauMauHand  # noqa: E402
from domain.cards.melds.decks import DECK_104  # noqa: E402
from domain.cards.melds.rules import MeldRules  # noqa: E402
from domain.cards.melds.split import split  # noqa: E402
from domain.cards.poker.variant import POKER  # noqa: E402
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards, PassTurn  # noqa: E402
from tests.domain.cards import buraco_play, cacheta_play  # noqa: E402

START = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)
clock_ns = time.perf_counter_ns
"""The clock of every timing: the wall's, or (`--cpu`) this thread's CPU time, which a
busy machine's other processes do not add to (each reading costs a little more)."""
FIRST_DEALER = 3
NextCommand = Callable[[Match, random.Random, datetime], Command]


def next_dominoes(state: Match, rng: random.Random, at: datetime) -> Command:
    if state.hand is None:
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        return StartHand(at=at, hands=[tiles[i * 7 : i * 7 + 7] for i in range(4)])
    plays = legal_plays(state)
    if not plays:
        return Pass(at=at, seat=state.turn or 0)
    tile, end = rng.choice(plays)
    return PlayTile(at=at, seat=state.turn or 0, tile=tile, end=end)


def card_deal(state: Match, rng: random.Random, at: datetime, per_seat: int) -> DealCards:
    """A shuffled deal by the seat due to deal: Sueca's trump card is the dealer's last card;
    Truco turns up the first card after the hands as its vira."""
    dealer = FIRST_DEALER if state.next_dealer is None else state.next_dealer
    cards = list(DECK_40)
    rng.shuffle(cards)
    hands = [cards[s * per_seat : (s + 1) * per_seat] for s in range(4)]
    if per_seat == 10:
        return DealCards(at=at, hands=hands, dealer=dealer, trump_card=hands[dealer][-1])
    return DealCards(at=at, hands=hands, dealer=dealer, vira=cards[4 * per_seat])


def legal_cards(hand: TrickHand, seat: int, follow_suit: bool) -> list[str]:
    """The cards `seat` may play: Sueca follows the suit led when it holds it; Truco, any."""
    held = list(hand.hands[seat])
    if follow_suit and hand.trick:
        lead = hand.trick[0].card[-1]
        return [card for card in held if card[-1] == lead] or held
    return held


def next_card(per_seat: int) -> NextCommand:
    follow_suit = per_seat == 10  # Sueca

    def command(state: Match, rng: random.Random, at: datetime) -> Command:
        hand = state.hand
        if hand is None:
            return card_deal(state, rng, at, per_seat)
        assert isinstance(hand, TrickHand)
        assert state.turn is not None
        card = rng.choice(legal_cards(hand, state.turn, follow_suit))
        return PlayCard(at=at, seat=state.turn, card=card)

    return command


def next_espadas(state: Match, rng: random.Random, at: datetime) -> Command:
    """A shuffled 52-card deal; each seat bids 3; then a legal card (E7: the spades rule)."""
    hand = state.hand
    if hand is None:
        cards = list(DECK_52)
        rng.shuffle(cards)
        dealer = FIRST_DEALER if state.next_dealer is None else state.next_dealer
        return DealCards(
            at=at, hands=[cards[s * 13 : (s + 1) * 13] for s in range(4)], dealer=dealer
        )
    assert isinstance(hand, EspadasHand)
    assert state.turn is not None
    if hand.bidding:
        return MakeBid(at=at, seat=state.turn, bid=3)
    held = list(hand.hands[state.turn])
    others = [c for c in held if c[-1] != "S"] or held
    if not hand.trick:
        cards = held if hand.spades_broken else others
    else:
        lead = hand.trick[0].card[-1]
        following = [c for c in held if c[-1] == lead]
        cards = following or (others if not hand.tricks else held)
    return PlayCard(at=at, seat=state.turn, card=rng.choice(cards))


def next_copas(state: Match, rng: random.Random, at: datetime) -> Command:
    """A shuffled 52-card deal; each seat passes three random cards; then a legal card (C4,
    C5, C9: the two of clubs first, no point in the first trick, hearts led once broken)."""
    hand = state.hand
    if hand is None:
        cards = list(DECK_52)
        rng.shuffle(cards)
        dealer = FIRST_DEALER if state.next_dealer is None else state.next_dealer
        return DealCards(
            at=at, hands=[cards[s * 13 : (s + 1) * 13] for s in range(4)], dealer=dealer
        )
    assert isinstance(hand, CopasHand)
    if hand.passing:
        seat = next(s for s, given in enumerate(hand.given) if given is None)
        return GiveCards(at=at, seat=seat, cards=rng.sample(list(hand.hands[seat]), 3))
    assert state.turn is not None
    held = list(hand.hands[state.turn])
    if not hand.trick and not hand.tricks:
        cards = ["2C"]
    elif not hand.trick:
        cards = held if hand.hearts_broken else [c for c in held if c[-1] != "H"] or held
    else:
        lead = hand.trick[0].card[-1]
        following = [c for c in held if c[-1] == lead]
        pointless = [c for c in held if c[-1] != "H" and c != "QS"] or held
        cards = following or (pointless if not hand.tricks else held)
    return PlayCard(at=at, seat=state.turn, card=rng.choice(cards))


def next_mau_mau(state: Match, rng: random.Random, at: datetime) -> Command:
    """A shuffled two-deck deal with its stock; then penalties drawn, MAU-MAU said, a card
    that follows, else a draw (the service's shuffle for a new stock), else a pass; an
    accusation now and then."""
    hand = state.hand
    seats = len(state.seats)
    if hand is None:
        cards = rng.sample(DECK_104, len(DECK_104))
        return DealStock(
            at=at,
            hands=[cards[s * 5 : (s + 1) * 5] for s in range(seats)],
            starter=cards[seats * 5],
            stock=cards[seats * 5 + 1 :],
        )
    assert isinstance(hand, MauMauHand)
    restock = rng.sample(hand.pile[:-1], len(hand.pile) - 1)
    owing = next((s for s, n in enumerate(hand.owed) if n), None)
    if owing is not None:
        return DrawCards(at=at, seat=owing, restock=restock)
    if hand.accusable is not None and rng.random() < 0.5:
        return Accuse(at=at, seat=(hand.accusable + 1) % seats)
    seat = hand.turn
    held = hand.hands[seat]
    playable = [card for card in held if follows(hand, card)]
    if len(held) == 2 and playable and not hand.called and not hand.drew and rng.random() < 0.7:
        return CallMauMau(at=at, seat=seat)
    if playable:
        card = rng.choice(playable)
        return DiscardCard(at=at, seat=seat, card=card, suit=card[-1] if card[0] == "J" else None)
    if hand.pending or (not hand.drew and not hand.nothing_to_draw):
        return DrawCards(at=at, seat=seat, restock=restock)
    return PassTurn(at=at, seat=seat)


def next_buraco(state: Match, rng: random.Random, at: datetime) -> Command:
    """The tests' random Buraco player (tests/domain/cards/buraco_play.py): a move the rules
    accept among draws, melds, additions and discards (the tries it refuses not timed)."""
    if state.hand is None:
        return buraco_play.random_deal(state, rng)
    command, _ = buraco_play.next_move(state, rng)
    return command


def next_cacheta(state: Match, rng: random.Random, at: datetime) -> Command:
    """The tests' random Cacheta player (tests/domain/cards/cacheta_play.py): draws, na boa,
    jumps and burns, batidas when the cards allow (tried by the rules), discards."""
    if state.hand is None:
        return cacheta_play.random_deal(state, rng)
    command, _ = cacheta_play.next_move(state, rng)
    return command


SESSION_HANDS = 12
"""Hands of a betting session before it is closed (if no seat has every chip by then)."""


def next_betting(state: Match, rng: random.Random, at: datetime) -> Command:
    """A random betting player: deals from a posted deck; folds, covers, checks, bets and
    raises the least it may (now and then more, or all in); exchanges 0 to 3 cards."""
    hand = state.hand
    variant = HOLDEM if state.rules is not None and state.rules.preset != "poker" else POKER
    if hand is None:
        if len(state.hands) >= SESSION_HANDS:
            return CloseSession(at=at)
        stacks = stacks_now(state)
        dealt = [s for s in range(len(state.seats)) if stacks is None or stacks[s] > 0]
        deck = list(variant.deck(len(dealt)))
        rng.shuffle(deck)
        size = variant.hole
        hands = [deck[n * size : (n + 1) * size] for n in range(len(dealt))]
        rest = deck[len(dealt) * size :]
        stock = rest[:5] if variant is HOLDEM else rest
        return DealBetting(at=at, hands=hands, dealt=dealt, stock=stock)
    assert isinstance(hand, BettingHand)
    assert hand.turn is not None
    seat = hand.turn
    if hand.phase == "draw":
        thrown = rng.sample(hand.hands[seat], rng.randint(0, 3))
        restock = list(to_restock(state))
        rng.shuffle(restock)
        return SwapCards(at=at, seat=seat, thrown=thrown, restock=restock)
    owed, stack, roll = hand.level - hand.bets[seat], hand.stacks[seat], rng.random()
    if owed > 0 and roll < 0.2:
        return Bet(at=at, seat=seat, action="fold")
    answerable = any(s != seat and hand.stacks[s] > 0 for s in hand.live)
    if roll < 0.75 or not hand.may_raise(seat) or stack <= owed or not answerable:
        return Bet(at=at, seat=seat, action="cover" if owed > 0 else "check")
    to = hand.level + hand.full_raise * rng.choice((1, 1, 2, 3))
    if roll > 0.97 or to - hand.bets[seat] >= stack:
        return Bet(at=at, seat=seat, action="all_in")
    return Bet(at=at, seat=seat, action="bet_to", to=to)


def showdown(seats: int = 8, runs: int = 2000) -> None:
    """A Hold'em showdown of `seats` hands of seven cards: each ranked, the pots layered (three
    all-ins of their own sizes) and shared, odd chips and all."""
    rng = random.Random(7)
    put = [100 * (n % 4 + 1) for n in range(seats)]
    layers = pots(put, frozenset())
    deals = []
    for _ in range(runs):  # dealt before the clock starts: the deck's shuffle is not timed
        deck = rng.sample(DECK_52, 5 + 2 * seats)
        deals.append((deck[:5], [deck[5 + 2 * n : 7 + 2 * n] for n in range(seats)]))
    times = []
    for board, holes in deals:
        began = clock_ns()
        ranks = ranks_of(dict(enumerate(holes)), board)
        shares(layers, best_of(ranks), 0, seats)
        times.append((clock_ns() - began) / 1000)
    times.sort()
    print(
        f"texas-holdem showdown of {seats} seats (7 cards each, {len(layers)} pots): median "
        f"{times[len(times) // 2]:5.1f} us, p99 {times[int(len(times) * 0.99)]:5.1f} us",
        flush=True,
    )


@dataclass(frozen=True)
class Kind:
    name: str
    preset: str
    next_command: NextCommand
    timed: tuple[type[Command], ...]
    seats: int = 4
    rules: dict[str, object] = field(default_factory=dict)


KINDS = (
    Kind("dominoes", "cinquenta", next_dominoes, (PlayTile, Pass)),
    Kind("sueca", "sueca", next_card(10), (PlayCard,)),
    Kind("truco", "truco", next_card(3), (PlayCard,)),
    Kind("espadas", "espadas", next_espadas, (PlayCard,)),
    Kind("copas", "copas", next_copas, (PlayCard,)),
    Kind(
        "buraco",
        "buraco",
        next_buraco,
        (DrawCards, LayMeld, AddToMeld, DiscardCard),
        rules={"target": 1500},
    ),
    Kind(
        "mega-buraco",
        "mega-buraco",
        next_buraco,
        (DrawCards, LayMeld, AddToMeld, DiscardCard),
        rules={"target": 1500},
    ),
    Kind(
        "tranca",
        "tranca",
        next_buraco,
        (DrawCards, LayMeld, AddToMeld, DiscardCard, TakePile, LayRedThree),
        rules={"target": 1500},
    ),
    Kind(
        "cacheta",
        "cacheta",
        next_cacheta,
        (DrawCards, DiscardCard, GoOut),
        rules={"target": 3},
    ),
    Kind(
        "mau-mau",
        "mau-mau",
        next_mau_mau,
        (DiscardCard, DrawCards, PassTurn, CallMauMau, Accuse),
        seats=6,
        rules={"target": 100},
    ),
    Kind("texas-holdem", "texas-holdem", next_betting, (Bet,), seats=8),
    Kind("poker", "poker", next_betting, (Bet, SwapCards), seats=6),
)


@dataclass
class Times:
    """Microseconds per timed move: decide + evolve (and, split, each apart)."""

    move: list[float] = field(default_factory=list)
    decide: list[float] = field(default_factory=list)
    evolve: list[float] = field(default_factory=list)
    by_move: dict[str, list[float]] = field(default_factory=dict)
    """decide + evolve by what the move does: ends the hand, closes a trick (cards), or neither."""


def what_it_does(before: Match, new: list[Event]) -> str:
    if any(isinstance(event, HandEnded) for event in new):
        return "ends the hand"
    if isinstance(before.hand, TrickHand) and len(before.hand.trick) == 3:
        return "4th card of a trick"
    return "any other move" if isinstance(before.hand, Hand) else "card 1-3 of a trick"


def play_game(kind: Kind, seed: int, times: Times, split: bool = False) -> list[Event]:
    """A whole game; appends the time of each timed move's decide + evolve to `times`."""
    rng = random.Random(seed)
    players = [f"p{n}" for n in range(kind.seats)]
    create = CreateMatch(
        at=START, preset=kind.preset, seats=players, actor="p0", overrides=kind.rules
    )
    events = decide(create, INITIAL)
    state = fold(events)
    at = START
    while state.status == "in_progress":
        at += timedelta(seconds=9)
        command = kind.next_command(state, rng, at)
        before = state
        began = clock_ns()
        new = decide(command, state)
        decided = clock_ns()
        for event in new:
            state = evolve(state, event)
        ended = clock_ns()
        if isinstance(command, kind.timed):
            times.move.append((ended - began) / 1000)
            if split:
                times.decide.append((decided - began) / 1000)
                times.evolve.append((ended - decided) / 1000)
                what = what_it_does(before, new)
                times.by_move.setdefault(what, []).append((ended - began) / 1000)
        events += new
    return events


def fold_ms(events: list[Event], repeats: int = 5) -> float:
    timings = []
    for _ in range(repeats):
        began = clock_ns()
        fold(events)
        timings.append((clock_ns() - began) / 1e6)
    return min(timings)


def quantile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    return (
        f"median {statistics.median(ordered):5.1f} us, p90 {quantile(ordered, 0.9):5.1f} us, "
        f"p99 {quantile(ordered, 0.99):6.1f} us"
    )


def run(kind: Kind, games: int, split: bool) -> None:
    for seed in range(20):  # warm up
        play_game(kind, 10_000 + seed, Times())
    times = Times()
    played = [play_game(kind, seed, times, split) for seed in range(games)]
    folds = [fold_ms(events) for events in played]
    sizes = [len(events) for events in played]
    print(f"{kind.name} ({kind.preset}) games: {games}, moves timed: {len(times.move)}")
    print(f"  move (decide + evolve): {spread(times.move)}")
    if split:
        print(f"    decide alone:         {spread(times.decide)}")
        print(f"    evolve alone:         {spread(times.evolve)}")
        for what, values in sorted(times.by_move.items()):
            share = len(values) / len(times.move)
            print(f"    {what + ':':<22}{spread(values)} ({share:.0%} of moves)")
    print(
        f"  fold of a whole game: median {statistics.median(folds):.3f} ms, "
        f"max {max(folds):.3f} ms; events per game: median {statistics.median(sizes):.0f}, "
        f"max {max(sizes)}",
        flush=True,
    )


CACHETA_WILDS = MeldRules(  # vira 8C: the black 9s wild (K1), any number a meld (K5)
    wilds=frozenset({"9C", "9S"}), max_wilds=None, sets=True, set_max=5, set_suits=3
)
BATIDAS = {
    "a 10-card batida with four wilds": [
        "5H",
        "5C",
        "9C",
        "7S",
        "8S",
        "9S",
        "JD",
        "QD",
        "9C",
        "9S",
    ],
    "10 cards with four wilds, no batida (every grouping searched)": [
        "5H",
        "7C",
        "9C",
        "3D",
        "8S",
        "9S",
        "JD",
        "QH",
        "9C",
        "9S",
    ],
    "a 10-card batida with one wild, the 9S (many same-suit groupings)": [
        "5H",
        "5C",
        "5D",
        "7S",
        "8S",
        "9S",
        "10D",
        "JD",
        "QD",
        "KD",
    ],
}


def melds(runs: int = 2000) -> None:
    """Cacheta's batida check (K6): the hand split into melds, searched by the server."""
    for name, hand in BATIDAS.items():
        times = []
        for _ in range(runs):
            began = clock_ns()
            found = split(hand, CACHETA_WILDS)
            times.append((clock_ns() - began) / 1000)
        times.sort()
        print(
            f"cacheta batida, {name}: median {times[len(times) // 2]:5.1f} us,"
            f" p99 {times[int(len(times) * 0.99)]:5.1f} us (found: {found is not None})"
        )


PARTS = (*(kind.name for kind in KINDS), "batida", "showdown")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="bench/domain.py", description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("games", type=int, nargs="?", default=200, help="games of each kind")
    parser.add_argument("--split", action="store_true", help="decide and evolve apart, too")
    parser.add_argument(
        "--only", nargs="+", choices=PARTS, metavar="NAME", help=f"only these: {' '.join(PARTS)}"
    )
    parser.add_argument(
        "--cpu", action="store_true", help="time by this thread's CPU time, not the wall's"
    )
    args = parser.parse_args(argv)
    if args.cpu:
        global clock_ns
        clock_ns = time.thread_time_ns
    only = set(args.only or PARTS)
    for kind in KINDS:
        if kind.name in only:
            run(kind, args.games, args.split)
    if "batida" in only:
        melds()
    if "showdown" in only:
        showdown()


if __name__ == "__main__":
    main(sys.argv[1:])
