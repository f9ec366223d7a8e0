"""Sueca and Truco modelled from the rules, apart from `domain.cards`: what each seat holds,
whose turn it is, who takes a trick or a round, what a hand scores, and the code a command
is refused with. The property tests hold `decide` and `evolve` to this model."""

import re
from dataclasses import dataclass, replace
from typing import Literal

Side = Literal["A", "B"]
Play = tuple[int, str, bool]
"""(seat, card, covered)"""

CARD = re.compile(r"(A|[2-7]|J|Q|K)[CDHS]")
SUECA_ORDER = ("2", "3", "4", "5", "6", "Q", "J", "K", "7", "A")
SUECA_VALUES = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
TRUCO_ORDER = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")
MANILHA_SUITS = ("D", "S", "H", "C")  # ouros < espadas < copas < paus
RAISES = {"truco": 3, "seis": 6, "nove": 9, "doze": 12}
LADDER = (1, 3, 6, 9, 12)
SUECA_PENALTIES = {
    "slow-play": False,
    "signal": False,
    "out-of-turn": True,
    "cards-shown": True,
    "renounce": True,
}
"""Kind: whether the offender's team loses the hand."""
TRUCO_PENALTIES = {"slow-play": False, "out-of-turn": True, "cards-shown": True}
TRICKS = 10


def side(seat: int) -> Side:
    return "A" if seat % 2 == 0 else "B"


def other_side(team: Side) -> Side:
    return "B" if team == "A" else "A"


def card_of(text: object) -> str | None:
    """The card a text names in the 40-card deck (in capitals only, C1), or None."""
    if not isinstance(text, str) or not CARD.fullmatch(text):
        return None
    return text


def is_seat(seat: object) -> bool:
    return type(seat) is int and 0 <= seat <= 3


def card_points(cards: list[str] | tuple[str, ...]) -> int:
    return sum(SUECA_VALUES.get(card[:-1], 0) for card in cards)


@dataclass(frozen=True)
class Deal:
    """What both games share: the cards held, the trick on the table, the tricks taken."""

    dealer: int
    hands: tuple[tuple[str, ...], ...]
    leader: int
    trick: tuple[Play, ...] = ()
    taken: tuple[tuple[Play, ...], ...] = ()
    moves: int = 0

    @property
    def opener(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def without(self, seat: int, card: str) -> tuple[tuple[str, ...], ...]:
        return tuple(
            tuple(c for c in held if c != card) if s == seat else held
            for s, held in enumerate(self.hands)
        )

    def cards_in_play(self) -> list[str]:
        """Every card still held, on the table or in a finished trick."""
        held = [card for hand in self.hands for card in hand]
        return held + [c for _, c, _ in self.trick] + [c for t in self.taken for _, c, _ in t]


@dataclass(frozen=True)
class SuecaDeal(Deal):
    trump: str = "S"
    winners: tuple[int, ...] = ()
    points: tuple[int, int] = (0, 0)

    @property
    def tricks_won(self) -> tuple[int, int]:
        return (
            sum(side(s) == "A" for s in self.winners),
            sum(side(s) == "B" for s in self.winners),
        )

    def legal_cards(self) -> list[str]:
        held = self.hands[self.to_play]
        if not self.trick:
            return list(held)
        lead = self.trick[0][1][-1]
        following = [c for c in held if c[-1] == lead]
        return following or list(held)

    def play(self, seat: int, card: str) -> "SuecaDeal":
        trick = (*self.trick, (seat, card, False))
        after = replace(self, hands=self.without(seat, card), trick=trick, moves=self.moves + 1)
        if len(trick) < 4:
            return after
        winner = sueca_trick_winner(trick, self.trump)
        won = card_points([c for _, c, _ in trick])
        a, b = self.points
        return replace(
            after,
            trick=(),
            taken=(*self.taken, trick),
            winners=(*self.winners, winner),
            leader=winner,
            points=(a + won, b) if side(winner) == "A" else (a, b + won),
        )

    @property
    def over(self) -> bool:
        return len(self.taken) == TRICKS


def sueca_trick_winner(trick: tuple[Play, ...], trump: str) -> int:
    """The highest trump, else the highest card of the suit led."""
    lead = trick[0][1][-1]

    def rank(play: Play) -> tuple[int, int]:
        card = play[1]
        order = SUECA_ORDER.index(card[:-1])
        if card[-1] == trump:
            return (2, order)
        return (1, order) if card[-1] == lead else (0, 0)

    return max(trick, key=rank)[0]


def sueca_scored(
    points: tuple[int, int], tricks: tuple[int, int] | None, score: tuple[int, int], bonus: int
) -> tuple[str, Side | None, int]:
    """(outcome, winner, game points the winner takes, a carried tie point included)."""
    if tricks is not None and TRICKS in tricks:
        winner: Side = "A" if tricks[0] == TRICKS else "B"
        to_target = 4 - (score[0] if winner == "A" else score[1])
        return "bandeirada", winner, max(2 + bonus, to_target)
    if points == (60, 60):
        return "empate", None, 0
    winner = "A" if points[0] > points[1] else "B"
    taken = max(points)
    return "tricks", winner, (1 if taken <= 90 else 2) + bonus


def sueca_play_refusal(
    deal: SuecaDeal | None, seat: object, card: object, covered: bool
) -> str | None:
    if deal is None:
        return "hand-not-started"
    if not is_seat(seat):
        return "invalid-seat"
    name = card_of(card)
    if name is None:
        return "invalid-card"
    if seat != deal.to_play:
        return "not-your-turn"
    assert isinstance(seat, int)
    if name not in deal.hands[seat]:
        return "card-not-in-hand"
    if covered:
        return "covered-not-allowed"
    if name not in deal.legal_cards():
        return "must-follow-suit"
    return None


def redeal_refusal(deal: SuecaDeal | None, seat: object, up_to: int = 10) -> str | None:
    if deal is None:
        return "hand-not-started"
    if not is_seat(seat):
        return "invalid-seat"
    assert isinstance(seat, int)
    if seat != deal.opener or deal.moves or card_points(deal.hands[seat]) > up_to:
        return "redeal-not-allowed"
    return None


@dataclass(frozen=True)
class TrucoDeal(Deal):
    vira: str = "4C"
    rounds: tuple[Side | None, ...] = ()
    value: int = 1
    pending: tuple[int, int] | None = None
    """(seat, value asked)"""
    last_raiser: Side | None = None
    raises: tuple[tuple[int, int], ...] = ()
    eleven: bool = False
    blind: bool = False
    """A mão de ferro (11 to 11): its players do not see their own cards (T3)."""
    face_up_last: bool = False
    """The last move turned a card face up: in a blind hand, it is not taken back."""

    @property
    def manilha(self) -> str:
        return TRUCO_ORDER[(TRUCO_ORDER.index(self.vira[:-1]) + 1) % len(TRUCO_ORDER)]

    @property
    def turn(self) -> int:
        return (self.pending[0] + 1) % 4 if self.pending else self.to_play

    @property
    def round_number(self) -> int:
        return len(self.rounds) + 1

    def play(self, seat: int, card: str, covered: bool) -> "TrucoDeal":
        trick = (*self.trick, (seat, card, covered))
        after = replace(
            self,
            hands=self.without(seat, card),
            trick=trick,
            moves=self.moves + 1,
            face_up_last=not covered,
        )
        if len(trick) < 4:
            return after
        winner = truco_round_winner(trick, self.manilha)
        return replace(
            after,
            trick=(),
            taken=(*self.taken, trick),
            rounds=(*self.rounds, None if winner is None else side(winner)),
            leader=trick[0][0] if winner is None else winner,
        )

    def call(self, seat: int, value: int) -> "TrucoDeal":
        """A raise, or a counter-raise that accepts the raise it answers."""
        accepted = self.accepted() if self.pending else self
        raises = (*self.raises, (seat, value))
        return replace(
            accepted, pending=(seat, value), raises=raises, moves=self.moves + 1, face_up_last=False
        )

    def accepted(self) -> "TrucoDeal":
        assert self.pending is not None
        seat, value = self.pending
        return replace(self, value=value, last_raiser=side(seat), pending=None)

    def accept(self) -> "TrucoDeal":
        return replace(self.accepted(), moves=self.moves + 1, face_up_last=False)

    @property
    def undo_refusal(self) -> str | None:
        """Why the last move may not be taken back: none made, or a card turned face up in
        a blind hand (its player has seen it: T3)."""
        if not self.moves:
            return "nothing-to-undo"
        return "card-turned-over" if self.blind and self.face_up_last else None

    def next_raise(self) -> int | None:
        now = self.pending[1] if self.pending else self.value
        return None if now == LADDER[-1] else LADDER[LADDER.index(now) + 1]


def truco_round_winner(trick: tuple[Play, ...], manilha: str) -> int | None:
    """The seat of the strongest card; None when the strongest cards are of both teams.
    A covered card is the weakest of all; manilhas beat every other card."""

    def strength(play: Play) -> tuple[int, int]:
        _, card, covered = play
        if covered:
            return (0, 0)
        if card[:-1] == manilha:
            return (2, MANILHA_SUITS.index(card[-1]))
        return (1, TRUCO_ORDER.index(card[:-1]))

    best = max(strength(p) for p in trick)
    top = [p[0] for p in trick if strength(p) == best]
    return None if {side(s) for s in top} == {"A", "B"} else top[0]


def truco_hand_over(rounds: tuple[Side | None, ...]) -> tuple[bool, Side | None]:
    """(over, winner): two rounds won; a tie goes to the only team that won a round; one
    round each and a tie, to the first round's winner; three ties, to nobody."""
    for team in ("A", "B"):
        if rounds.count(team) == 2:
            return True, team
    winners = {r for r in rounds if r is not None}
    if None in rounds and len(winners) == 1:
        return True, winners.pop()
    if len(rounds) == 3:
        return True, rounds[0] if winners else None
    return False, None


def truco_play_refusal(
    deal: TrucoDeal | None, seat: object, card: object, covered: bool, from_round: int = 2
) -> str | None:
    if deal is None:
        return "hand-not-started"
    if deal.pending is not None:
        return "raise-pending"
    if not is_seat(seat):
        return "invalid-seat"
    name = card_of(card)
    if name is None:
        return "invalid-card"
    if seat != deal.turn:
        return "not-your-turn"
    assert isinstance(seat, int)
    if covered and deal.round_number < from_round:
        return "covered-not-allowed"  # a public rule: before anything that tells a hand
    if name not in deal.hands[seat]:
        return "card-not-in-hand"
    return None


def call_refusal(deal: TrucoDeal | None, seat: object, value: int) -> str | None:
    if deal is None:
        return "hand-not-started"
    if not is_seat(seat):
        return "invalid-seat"
    assert isinstance(seat, int)
    if deal.eleven:
        return None  # called, and the game lost for it
    if deal.pending is not None:
        if side(seat) == side(deal.pending[0]):
            return "not-answering-team"
    elif seat != deal.turn:
        return "not-your-turn"
    elif deal.last_raiser == side(seat):
        return "raise-twice"
    return None if value == deal.next_raise() else "wrong-raise"


def answer_refusal(deal: TrucoDeal | None, seat: object) -> str | None:
    if deal is None:
        return "hand-not-started"
    if not is_seat(seat):
        return "invalid-seat"
    if deal.pending is None:
        return "no-raise-pending"
    assert isinstance(seat, int)
    return "not-answering-team" if side(seat) == side(deal.pending[0]) else None
