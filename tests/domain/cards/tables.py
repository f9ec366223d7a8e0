"""Card games played by hypothesis: each step, a random command (often illegal) is probed
against the model's refusal code, then a legal one is chosen among those the model allows
and its events are checked against what the model says they must be. Invariants are
checked after every decision."""

import random
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, TypeVar

import msgspec
import pytest
from hypothesis import strategies as st

from domain import (
    DECK_40,
    Abandon,
    AnnulHand,
    AnswerRaise,
    AskRedeal,
    CallRaise,
    CardPlayed,
    CardsDealt,
    Confirm,
    ConfirmationRecorded,
    DealCards,
    DomainError,
    Event,
    HandAnnulled,
    HandEnded,
    Match,
    MatchCommand,
    MatchConfirmed,
    MatchFinished,
    MatchReopened,
    MoveUndone,
    PenaltyRecorded,
    PerTeam,
    PlayCard,
    Raise,
    RaiseAccepted,
    RaiseCalled,
    RecordPenalty,
    RecordSuecaResult,
    RecordTrucoResult,
    RedealAsked,
    UndoLastMove,
    decide,
    fold,
)
from domain.cards.cards import DECK_52
from domain.cards.sueca.hand import SuecaHand
from domain.cards.tricks.hand import Played
from domain.cards.truco.commands import RaiseCall
from domain.cards.truco.hand import TrucoHand
from domain.cards.truco.rounds import strength
from tests.domain.builders import AT, created
from tests.domain.cards.models import (
    LADDER,
    RAISES,
    SUECA_PENALTIES,
    TRUCO_PENALTIES,
    Side,
    SuecaDeal,
    TrucoDeal,
    answer_refusal,
    call_refusal,
    card_points,
    other_side,
    redeal_refusal,
    side,
    sueca_play_refusal,
    sueca_scored,
    truco_hand_over,
    truco_play_refusal,
)

T = TypeVar("T")
PROBE_CARDS = [*DECK_52, *(c.lower() for c in DECK_40[::7]), "1H", "H7", "11S", "X", ""]
PROBE_SEATS = [-1, 0, 1, 2, 3, 4]
CALLS: list[RaiseCall] = ["truco", "seis", "nove", "doze"]
Tally = tuple[dict[str, int], int, int | None, int]
"""What a finished hand leaves behind: score, tie point pending, dealer due, hands."""


def tally(state: Match) -> Tally:
    return (state.score, state.pending_bonus, state.next_dealer, len(state.hands))


_SUECA_WORTHS = [11] * 4 + [10] * 4 + [4] * 4 + [3] * 4 + [2] * 4 + [0] * 20
"""The card points of Sueca's forty cards."""


class Table:
    """A game driven by commands; `self.state` is always the fold of `self.events`."""

    preset = ""

    def __init__(self, data: st.DataObject, corrections: bool) -> None:
        self.data = data
        self.corrections = corrections
        self.rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
        self.choices = 0
        self.events: list[Event] = [created(self.preset)]
        self.state = fold(self.events)
        self.clock = AT
        self.due: int | None = None
        """The dealer due, as the model keeps it: None until a first deal names one."""
        self.ledger: list[tuple[Side | None, int]] = []
        """(winner, points) of every finished hand still standing."""
        self.tallies: list[Tally] = [tally(self.state)]
        """What the game looked like after each finished hand (and at its creation)."""

    # Hypothesis's choices

    def next_step(self) -> int:
        """One draw a step: its last three digits are the roll that says what happens (0 to
        999; 0, hypothesis's simplest, always moves the game on), the others make the
        choices of that step (`take`, `pick`)."""
        self.choices = self.data.draw(st.integers(0, 2**32 - 1))
        return self.take(1000)

    def take(self, n: int) -> int:
        """A choice among `n` (0 when the step's draw is used up)."""
        chosen = self.choices % n
        self.choices //= n
        return chosen

    def pick(self, options: Sequence[T]) -> T:
        return options[self.take(len(options))]

    def any_of(self, options: Sequence[T]) -> T:
        """A probe's choice: it tells nothing of the game's course."""
        return self.rng.choice(options)

    def shuffled(self) -> list[str]:
        order = list(DECK_40)
        random.Random(self.data.draw(st.integers(0, 2**32 - 1))).shuffle(order)
        return order

    def now(self) -> datetime:
        self.clock += timedelta(seconds=9)
        return self.clock

    # Running and probing commands

    def run(self, command: MatchCommand) -> list[Event]:
        before = self.state
        new = decide(command, before)
        self.events += new
        self.state = fold(new, before)
        self.check_game()
        return new

    def probe(self, command: MatchCommand, expected: str | None) -> None:
        """`decide` refuses `command` with the code the model expects (or accepts it), and
        a refused command changes nothing."""
        snapshot = msgspec.json.encode(self.state)
        if expected is None:
            assert decide(command, self.state), command
        else:
            with pytest.raises(DomainError) as refused:
                decide(command, self.state)
            assert refused.value.code == expected, (command, refused.value)
        assert msgspec.json.encode(self.state) == snapshot

    # Hands ending

    @property
    def score(self) -> tuple[int, int]:
        return (self.state.score["A"], self.state.score["B"])

    def check_ended(
        self,
        new: list[Event],
        *,
        outcome: str,
        winner: Side | None,
        points: int,
        **facts: Any,
    ) -> HandEnded:
        """`new` ends a hand as the model says (and the game, when it reaches the target)."""
        ended = [e for e in new if isinstance(e, HandEnded)]
        assert len(ended) == 1, new
        hand = ended[0]
        assert (hand.outcome, hand.winner, hand.points) == (outcome, winner, points), hand
        assert hand.number == len(self.tallies)
        for name, value in facts.items():
            assert getattr(hand, name) == value, (name, hand)
        finished = [e for e in new if isinstance(e, MatchFinished)]
        assert len(finished) == (max(self.score) >= self.target)
        self.ledger.append((winner, points))
        self.tallies.append(tally(self.state))
        self.due = None if hand.dealer is None else (hand.dealer + 1) % 4
        assert self.state.next_dealer == self.due
        return hand

    @property
    def target(self) -> int:
        assert self.state.rules is not None
        return self.state.rules.target

    def annul(self) -> None:
        """The last hand annulled: the game is what it was after the hand before."""
        was_finished = self.state.status == "finished"
        number, dealer = self.state.hands[-1].number, self.state.hands[-1].dealer
        new = self.run(AnnulHand(at=self.now(), number=number))
        reopened = [MatchReopened(at=self.clock)] if was_finished else []
        assert new == [HandAnnulled(at=self.clock, number=number), *reopened]
        self.tallies.pop()
        self.ledger.pop()
        score, bonus, due, hands = self.tallies[-1]
        # The annulled hand is dealt again by its dealer (C2), the first hand's too.
        assert tally(self.state) == (score, bonus, due if dealer is None else dealer, hands)
        self.due = self.state.next_dealer
        assert self.state.status == "in_progress"

    def check_game(self) -> None:
        state = self.state
        won = {"A": 0, "B": 0}
        for result in state.hands:
            if result.winner is not None:
                won[result.winner] += result.points
        assert state.score == won  # the score is the sum of the finished hands' points
        ledger = {"A": 0, "B": 0}
        for winner, points in self.ledger:
            if winner is not None:
                ledger[winner] += points
        if len(self.ledger) == len(state.hands):
            assert ledger == won
        reached = max(state.score["A"], state.score["B"]) >= self.target
        assert (state.status in ("finished", "confirmed")) == (reached or bool(state.abandoned_by))
        assert (state.hand is None) == (state.turn is None)

    # The end

    def confirm_and_check_final(self) -> None:
        """A finished game confirmed refuses every further command."""
        assert self.state.status == "finished"
        new = self.run(Confirm(at=self.now(), by="organizer", actor="org", members=(0, 1, 2, 3)))
        assert new == [
            ConfirmationRecorded(at=self.clock, by="organizer", actor="org"),
            MatchConfirmed(at=self.clock, counts_for=(0, 1, 2, 3)),
        ]
        at = self.now()
        every: list[MatchCommand] = [
            DealCards(at=at, hands=[]),
            PlayCard(at=at, seat=self.any_of(PROBE_SEATS), card=self.any_of(PROBE_CARDS)),
            AskRedeal(at=at, seat=0),
            CallRaise(at=at, seat=0, call="truco"),
            AnswerRaise(at=at, seat=1, accept=False),
            RecordSuecaResult(at=at, points=PerTeam(60, 60)),
            RecordTrucoResult(at=at, tie=True),
            RecordPenalty(at=at, seat=0, kind="out-of-turn"),
            UndoLastMove(at=at),
            AnnulHand(at=at, number=len(self.state.hands)),
            Abandon(at=at, team="B"),
            Confirm(at=at, by="A", actor="ana"),
        ]
        for command in every:
            self.probe(command, "match-confirmed")
        assert fold(self.events) == self.state

    def play(self, max_steps: int = 3000) -> None:
        for _ in range(max_steps):
            if self.state.status == "finished":
                if not (self.corrections and self.next_step() >= 700):
                    self.confirm_and_check_final()
                    return
                self.annul()
            else:
                self.step()
        raise AssertionError("the game did not end")

    def step(self) -> None:
        raise NotImplementedError


class SuecaTable(Table):
    preset = "sueca"

    def __init__(self, data: st.DataObject, corrections: bool) -> None:
        super().__init__(data, corrections)
        self.model: SuecaDeal | None = None
        self.before_move: list[tuple[Match, SuecaDeal]] = []

    def check_ended(
        self, new: list[Event], *, outcome: str, winner: Side | None, points: int, **facts: Any
    ) -> HandEnded:
        hand = super().check_ended(new, outcome=outcome, winner=winner, points=points, **facts)
        if hand.outcome != "penalty":  # every deal counted: 120 card points, 10 tricks
            assert hand.card_points is not None
            assert hand.card_points.A + hand.card_points.B == 120
            assert hand.tricks is None or hand.tricks.A + hand.tricks.B == 10
        return hand

    def step(self) -> None:
        """Hypothesis's simplest choice (0) always moves the game on: a deal, a card."""
        roll = self.next_step()
        if self.model is None:
            self.probe_between()
            if roll < 700:
                self.deal()
            elif roll < 850:
                self.result()
            elif roll < 900 or not (self.corrections and self.state.hands):
                self.penalty()
            else:
                self.annul()
        else:
            self.probe_during(self.model)
            may_redeal = redeal_refusal(self.model, self.model.opener) is None
            if may_redeal and 500 <= roll < 970:
                self.redeal(self.model)
            elif roll < 970 or (roll < 990 and not (self.corrections and self.model.moves)):
                self.card(self.model)
            elif roll < 990:
                self.undo()
            else:
                self.penalty()
        self.check_hand()

    # Between hands

    def probe_between(self) -> None:
        at, seat = self.now(), self.any_of(PROBE_SEATS)
        kind = self.any_of(["card", "redeal", "undo", "result", "dealer", "raise", "penalty"])
        if kind == "card":
            self.probe(
                PlayCard(at=at, seat=seat, card=self.any_of(PROBE_CARDS)), "hand-not-started"
            )
        elif kind == "redeal":
            self.probe(AskRedeal(at=at, seat=seat), "hand-not-started")
        elif kind == "undo":
            self.probe(UndoLastMove(at=at), "nothing-to-undo")
        elif kind == "result":
            a = self.rng.randint(0, 130)
            self.probe(RecordSuecaResult(at=at, points=PerTeam(a, 119 - a)), "invalid-result")
        elif kind == "dealer" and self.due is not None:
            hands = [list(DECK_40[s * 10 : (s + 1) * 10]) for s in range(4)]
            dealer = (self.due + self.any_of([1, 2, 3])) % 4
            deal = DealCards(at=at, hands=hands, dealer=dealer, trump_card=hands[dealer][0])
            self.probe(deal, "wrong-dealer")
        elif kind == "raise":
            self.probe(CallRaise(at=at, seat=seat, call=self.any_of(CALLS)), "invalid-command")
        else:
            expected = "invalid-seat" if seat not in range(4) else "invalid-penalty"
            self.probe(RecordPenalty(at=at, seat=seat, kind="irregular-pass"), expected)

    def deal(self) -> None:
        order = self.shuffled()
        if self.due is None:
            said = self.pick([None, 0, 1, 2, 3])
            dealer = 3 if said is None else said
        else:
            said = self.pick([None, self.due])
            dealer = self.due
        if self.take(10) == 9:  # the opening player gets the cards worth least
            order.sort(key=lambda card: card_points([card]))
        chunks = [order[s * 10 : (s + 1) * 10] for s in range(4)]
        hands = [chunks[(seat - dealer - 1) % 4] for seat in range(4)]
        trump_card = self.pick(hands[dealer])
        at = self.now()
        new = self.run(DealCards(at=at, hands=hands, dealer=said, trump_card=trump_card))
        assert new == [
            CardsDealt(
                at=at,
                number=len(self.tallies),
                dealer=dealer,
                opener=(dealer + 1) % 4,
                hands=tuple(tuple(h) for h in hands),
                trump_card=trump_card,
            )
        ]
        self.model = SuecaDeal(
            dealer=dealer,
            hands=tuple(tuple(h) for h in hands),
            leader=(dealer + 1) % 4,
            trump=trump_card[-1],
        )

    def result(self) -> None:
        """A deal's result as cards make it: team A's tricks, their cards drawn from the deck,
        sometimes every trick or none."""
        taken = self.pick([10, 0, *range(11)])
        left = list(_SUECA_WORTHS)
        a = sum(left.pop(self.take(len(left))) for _ in range(4 * taken))
        b = 120 - a
        tricks: tuple[int, int] | None = None
        if a in (0, 120) or self.pick([False, True]):
            tricks = (taken, 10 - taken)
        bonus = self.state.pending_bonus
        outcome, winner, points = sueca_scored((a, b), tricks, self.score, bonus)
        command = RecordSuecaResult(
            at=self.now(),
            points=PerTeam(a, b),
            tricks=None if tricks is None else PerTeam(*tricks),
        )
        new = self.run(command)
        self.check_ended(
            new,
            outcome=outcome,
            winner=winner,
            points=points,
            recorded_as="result",
            dealer=self.due,
            card_points=PerTeam(a, b),
        )

    # During a hand

    def probe_during(self, model: SuecaDeal) -> None:
        at, seat = self.now(), self.any_of(PROBE_SEATS)
        kind = self.any_of(["card", "card", "card", "redeal", "undo", "deal", "result", "answer"])
        if kind == "card":
            card, covered = self.any_of(PROBE_CARDS), self.any_of([False, False, True])
            if self.any_of([False, True]):
                card = self.any_of(model.hands[model.to_play])  # often legal, sometimes not
            expected = sueca_play_refusal(model, seat, card, covered)
            self.probe(PlayCard(at=at, seat=seat, card=card, covered=covered), expected)
        elif kind == "redeal":
            self.probe(AskRedeal(at=at, seat=seat), redeal_refusal(model, seat))
        elif kind == "undo":
            self.probe(UndoLastMove(at=at), None if model.moves else "nothing-to-undo")
        elif kind == "deal":
            self.probe(DealCards(at=at, hands=[], trump_card="AS"), "hand-in-progress")
        elif kind == "result":
            self.probe(RecordSuecaResult(at=at, points=PerTeam(60, 60)), "hand-in-progress")
        else:
            self.probe(AnswerRaise(at=at, seat=seat, accept=True), "invalid-command")

    def card(self, model: SuecaDeal) -> None:
        seat = model.to_play
        card = self.pick(model.legal_cards())
        self.before_move.append((self.state, model))
        at = self.now()
        new = self.run(PlayCard(at=at, seat=seat, card=card))
        assert new[0] == CardPlayed(at=at, seat=seat, card=card)
        after = model.play(seat, card)
        self.model = after
        if not after.over:
            assert new == new[:1]
            return
        score, bonus = self.tallies[-1][:2]
        outcome, winner, points = sueca_scored(
            after.points, after.tricks_won, (score["A"], score["B"]), bonus
        )
        assert sum(after.points) == 120
        assert sum(after.tricks_won) == 10
        self.hand_over()
        self.check_ended(
            new,
            outcome=outcome,
            winner=winner,
            points=points,
            recorded_as="plays",
            dealer=after.dealer,
            opener=after.opener,
            card_points=PerTeam(*after.points),
            tricks=PerTeam(*after.tricks_won),
        )

    def hand_over(self) -> None:
        self.model = None
        self.before_move.clear()

    def redeal(self, model: SuecaDeal) -> None:
        at = self.now()
        new = self.run(AskRedeal(at=at, seat=model.opener))
        worth = card_points(model.hands[model.opener])
        assert worth <= 10
        assert new == [
            RedealAsked(at=at, number=len(self.tallies), seat=model.opener, points=worth)
        ]
        self.hand_over()
        self.due = model.dealer
        assert self.state.next_dealer == self.due

    def undo(self) -> None:
        before, model = self.before_move.pop()
        new = self.run(UndoLastMove(at=self.now()))
        assert len(new) == 1
        assert isinstance(new[0], MoveUndone)
        assert self.state == before
        self.model = model

    def penalty(self) -> None:
        kind = self.pick(list(SUECA_PENALTIES))
        seat = self.pick([0, 1, 2, 3])
        at = self.now()
        before = self.state
        model = self.model
        new = self.run(RecordPenalty(at=at, seat=seat, kind=kind))  # type: ignore[arg-type]
        consequence = "hand-lost" if SUECA_PENALTIES[kind] else "warning"
        assert new[0] == PenaltyRecorded(at=at, seat=seat, kind=kind, consequence=consequence)  # type: ignore[arg-type]
        if consequence == "warning":
            assert new == new[:1]
            assert self.state == before
            return
        self.hand_over()
        self.check_ended(
            new,
            outcome="penalty",
            winner=other_side(side(seat)),
            points=2 + before.pending_bonus,
            by_seat=seat,
            dealer=self.due if model is None else model.dealer,
            recorded_as="result" if model is None else "plays",
        )

    def check_hand(self) -> None:
        hand, model = self.state.hand, self.model
        if model is None:
            assert hand is None
            return
        assert isinstance(hand, SuecaHand)
        on_table = [p.card for p in hand.trick]
        taken = [p.card for trick in hand.tricks for p in trick.cards]
        every = [c for held in hand.hands for c in held] + on_table + taken
        assert sorted(every) == sorted(DECK_40)  # 40 distinct cards, each in one place
        assert sorted(every) == sorted(model.cards_in_play())
        assert hand.hands == model.hands
        assert on_table == [c for _, c, _ in model.trick]
        assert [t.winner for t in hand.tricks] == list(model.winners)
        assert hand.card_points == PerTeam(*model.points)
        assert hand.won == PerTeam(*model.tricks_won)
        assert self.state.turn == model.to_play  # the turn is always the seat due
        assert hand.trump == model.trump
        assert hand.dealer == model.dealer


class TrucoTable(Table):
    preset = "truco"

    def __init__(self, data: st.DataObject, corrections: bool) -> None:
        super().__init__(data, corrections)
        self.model: TrucoDeal | None = None
        self.before_move: list[tuple[Match, TrucoDeal]] = []

    def check_ended(
        self, new: list[Event], *, outcome: str, winner: Side | None, points: int, **facts: Any
    ) -> HandEnded:
        score = self.tallies[-1][0]
        hand = super().check_ended(new, outcome=outcome, winner=winner, points=points, **facts)
        if hand.outcome == "forfeit":  # what brings the other team to the target
            assert hand.winner is not None
            assert score[hand.winner] + hand.points == self.target
        else:
            assert hand.points in (0, *LADDER)
        return hand

    @property
    def at_eleven(self) -> bool:
        return self.target - 1 in self.score

    def step(self) -> None:
        """Hypothesis's simplest choice (0) always moves the game on: a deal, a card, an
        acceptance."""
        roll = self.next_step()
        if self.model is None:
            self.probe_between()
            if roll < 700:
                self.deal()
            elif roll < 850:
                self.result()
            elif roll < 900 or not (self.corrections and self.state.hands):
                self.penalty()
            else:
                self.annul()
        else:
            model = self.model
            self.probe_during(model)
            if model.pending is not None:
                self.answer(model)
            elif 600 <= roll < 850 and self.can_raise(model):
                value = model.next_raise()
                assert value is not None
                self.call(model, model.turn, value)
            elif 850 <= roll < 880 and model.eleven:
                self.call(model, model.turn, 3)
            elif 960 <= roll < 980 and self.corrections and model.undo_refusal is None:
                self.undo()
            elif roll >= 980:
                self.penalty()
            else:
                self.card(model)
        self.check_hand()

    def can_raise(self, model: TrucoDeal) -> bool:
        return (
            not model.eleven
            and model.next_raise() is not None
            and model.last_raiser != side(model.turn)
        )

    # Between hands

    def probe_between(self) -> None:
        at, seat = self.now(), self.any_of(PROBE_SEATS)
        kind = self.any_of(["card", "raise", "answer", "undo", "result", "dealer", "penalty"])
        if kind == "card":
            self.probe(
                PlayCard(at=at, seat=seat, card=self.any_of(PROBE_CARDS)), "hand-not-started"
            )
        elif kind == "raise":
            self.probe(CallRaise(at=at, seat=seat, call=self.any_of(CALLS)), "hand-not-started")
        elif kind == "answer":
            self.probe(AnswerRaise(at=at, seat=seat, accept=True), "hand-not-started")
        elif kind == "undo":
            self.probe(UndoLastMove(at=at), "nothing-to-undo")
        elif kind == "result":
            value = self.any_of([0, 2, 4, 5, 7, 10, 11, 13, 24])
            self.probe(RecordTrucoResult(at=at, winner="A", value=value), "invalid-result")
        elif kind == "dealer" and self.due is not None:
            hands = [list(DECK_40[s * 3 : (s + 1) * 3]) for s in range(4)]
            dealer = (self.due + self.any_of([1, 2, 3])) % 4
            self.probe(DealCards(at=at, hands=hands, dealer=dealer, vira="KS"), "wrong-dealer")
        else:
            kind_ = self.any_of(["signal", "renounce", "tiles-shown"])
            expected = "invalid-seat" if seat not in range(4) else "invalid-penalty"
            self.probe(RecordPenalty(at=at, seat=seat, kind=kind_), expected)  # type: ignore[arg-type]

    def deal(self) -> None:
        order = self.shuffled()
        hands = [list(order[s * 3 : (s + 1) * 3]) for s in range(4)]
        vira = order[12]
        if self.due is None:
            said = self.pick([None, 0, 1, 2, 3])
            dealer = 3 if said is None else said
        else:
            said = self.pick([None, self.due])
            dealer = self.due
        at = self.now()
        new = self.run(DealCards(at=at, hands=hands, dealer=said, vira=vira))
        assert new == [
            CardsDealt(
                at=at,
                number=len(self.tallies),
                dealer=dealer,
                opener=(dealer + 1) % 4,
                hands=tuple(tuple(h) for h in hands),
                vira=vira,
            )
        ]
        eleven = self.at_eleven
        self.model = TrucoDeal(
            dealer=dealer,
            hands=tuple(tuple(h) for h in hands),
            leader=(dealer + 1) % 4,
            vira=vira,
            value=3 if eleven else 1,
            eleven=eleven,
            blind=self.score == (11, 11),
        )
        hand = self.state.hand
        assert isinstance(hand, TrucoHand)
        assert (hand.eleven, hand.blind) == (eleven, self.score == (11, 11))
        check_manilhas(hand, self.model.manilha)

    def to_eleven_each(self) -> "TrucoTable":
        """Results that bring both teams to 11 (the next hand a mão de ferro, T3): A to 9, B
        to 2, A to 11, then B wins three mãos de onze, 3 points each."""
        for winner, value in (("A", 9), ("B", 1), ("B", 1), ("A", 1), ("A", 1), *[("B", 3)] * 3):
            self.recorded(winner, value)  # type: ignore[arg-type]
        assert self.score == (11, 11)
        return self

    def result(self) -> None:
        tie = self.take(100) >= 85
        winner: Side | None = None if tie else self.pick(["A", "B"])
        value = 0 if tie else 3 if self.at_eleven else self.pick(LADDER)
        self.recorded(winner, value)

    def recorded(self, winner: Side | None, value: int) -> None:
        tie = winner is None
        command = RecordTrucoResult(
            at=self.now(), winner=winner, value=None if tie else value, tie=tie
        )
        new = self.run(command)
        self.check_ended(
            new,
            outcome="empate" if tie else "tricks",
            winner=winner,
            points=value,
            recorded_as="result",
            dealer=self.due,
        )

    # During a hand

    def probe_during(self, model: TrucoDeal) -> None:
        at, seat = self.now(), self.any_of(PROBE_SEATS)
        kind = self.any_of(["card", "card", "raise", "raise", "answer", "undo", "deal", "redeal"])
        if kind == "card":
            card, covered = self.any_of(PROBE_CARDS), self.any_of([False, False, True])
            if self.any_of([False, True]):
                card = self.any_of(model.hands[model.to_play])
            expected = truco_play_refusal(model, seat, card, covered)
            self.probe(PlayCard(at=at, seat=seat, card=card, covered=covered), expected)
        elif kind == "raise":
            call = self.any_of(CALLS)
            expected = call_refusal(model, seat, RAISES[call])
            self.probe(CallRaise(at=at, seat=seat, call=call), expected)
        elif kind == "answer":
            accept = self.any_of([False, True])
            self.probe(AnswerRaise(at=at, seat=seat, accept=accept), answer_refusal(model, seat))
        elif kind == "undo":
            self.probe(UndoLastMove(at=at), model.undo_refusal)
        elif kind == "deal":
            self.probe(DealCards(at=at, hands=[], vira="AS"), "hand-in-progress")
        else:
            self.probe(AskRedeal(at=at, seat=seat), "invalid-command")

    def card(self, model: TrucoDeal) -> None:
        seat = model.turn
        card = self.pick(model.hands[seat])
        covered = model.round_number >= 2 and self.take(5) == 4
        self.before_move.append((self.state, model))
        at = self.now()
        new = self.run(PlayCard(at=at, seat=seat, card=card, covered=covered))
        assert new[0] == CardPlayed(at=at, seat=seat, card=card, covered=covered)
        after = model.play(seat, card, covered)
        self.model = after
        over, winner = truco_hand_over(after.rounds)
        if not over:
            assert new == new[:1]
            return
        self.hand_over()
        self.check_ended(
            new,
            outcome="tricks" if winner else "empate",
            winner=winner,
            points=after.value if winner else 0,
            recorded_as="plays",
            dealer=after.dealer,
            opener=after.opener,
            tricks=PerTeam(after.rounds.count("A"), after.rounds.count("B")),
            raises=tuple(Raise(s, v) for s, v in after.raises),
        )

    def call(self, model: TrucoDeal, seat: int, value: int) -> None:
        call = next(name for name, v in RAISES.items() if v == value)
        self.before_move.append((self.state, model))
        at = self.now()
        before = self.score
        new = self.run(CallRaise(at=at, seat=seat, call=call))  # type: ignore[arg-type]
        assert new[0] == RaiseCalled(at=at, seat=seat, value=value)
        after = model.call(seat, value)
        if not model.eleven:
            assert new == new[:1]
            self.model = after
            return
        winner = other_side(side(seat))
        assert isinstance(new[-1], MatchFinished)  # a raise in the mão de 11 loses the game
        self.hand_over()
        self.check_ended(
            new,
            outcome="forfeit",
            winner=winner,
            points=self.target - (before[0] if winner == "A" else before[1]),
            by_seat=seat,
            dealer=model.dealer,
            raises=tuple(Raise(s, v) for s, v in after.raises),
        )

    def answer(self, model: TrucoDeal) -> None:
        assert model.pending is not None
        raiser, asked = model.pending
        seat = self.pick([(raiser + 1) % 4, (raiser + 3) % 4])
        choices = ["accept", "run"] + (["raise"] if model.next_raise() else [])
        choice = self.pick(choices)
        if choice == "raise":
            value = model.next_raise()
            assert value is not None
            self.call(model, seat, value)
            return
        self.before_move.append((self.state, model))
        at = self.now()
        new = self.run(AnswerRaise(at=at, seat=seat, accept=choice == "accept"))
        if choice == "accept":
            assert new == [RaiseAccepted(at=at, seat=seat, value=asked)]
            self.model = model.accept()
            return
        self.hand_over()
        self.check_ended(
            new,
            outcome="run",
            winner=side(raiser),
            points=model.value,
            by_seat=seat,
            dealer=model.dealer,
            raises=tuple(Raise(s, v) for s, v in model.raises),
        )

    def hand_over(self) -> None:
        self.model = None
        self.before_move.clear()

    def undo(self) -> None:
        before, model = self.before_move.pop()
        new = self.run(UndoLastMove(at=self.now()))
        assert len(new) == 1
        assert isinstance(new[0], MoveUndone)
        assert self.state == before
        self.model = model

    def penalty(self) -> None:
        kind = self.pick(list(TRUCO_PENALTIES))
        seat = self.pick([0, 1, 2, 3])
        at = self.now()
        before = self.state
        model = self.model
        worth = model.value if model else 3 if self.at_eleven else 1
        new = self.run(RecordPenalty(at=at, seat=seat, kind=kind))  # type: ignore[arg-type]
        consequence = "hand-lost" if TRUCO_PENALTIES[kind] else "warning"
        assert new[0] == PenaltyRecorded(at=at, seat=seat, kind=kind, consequence=consequence)  # type: ignore[arg-type]
        if consequence == "warning":
            assert new == new[:1]
            assert self.state == before
            return
        self.hand_over()
        self.check_ended(
            new,
            outcome="penalty",
            winner=other_side(side(seat)),
            points=worth,
            by_seat=seat,
            dealer=self.due if model is None else model.dealer,
        )

    def check_hand(self) -> None:
        hand, model = self.state.hand, self.model
        if model is None:
            assert hand is None
            return
        assert isinstance(hand, TrucoHand)
        on_table = [p.card for p in hand.trick]
        taken = [p.card for trick in hand.tricks for p in trick.cards]
        every = [c for held in hand.hands for c in held] + on_table + taken + [hand.vira or ""]
        assert len(every) == len(set(every)) == 13  # each dealt card in exactly one place
        assert set(every) <= set(DECK_40)
        assert sorted(every) == sorted([*model.cards_in_play(), model.vira])
        assert hand.hands == model.hands
        assert on_table == [c for _, c, _ in model.trick]
        assert [t.team for t in hand.tricks] == list(model.rounds)
        assert hand.value == model.value
        assert hand.pending == (None if model.pending is None else Raise(*model.pending))
        assert self.state.turn == model.turn  # the turn is always the seat due
        assert hand.value in LADDER


def check_manilhas(hand: TrucoHand, manilha: str) -> None:
    """Exactly four manilhas, of the rank after the vira's, stronger than every other card
    and ranked ouros < espadas < copas < paus."""
    power = {card: strength(hand, Played(seat=0, card=card), "C") for card in DECK_40}
    manilhas = [card for card in DECK_40 if card[:-1] == manilha]
    assert hand.manilha == manilha
    assert len(manilhas) == 4
    assert min(power[m] for m in manilhas) > max(power[c] for c in DECK_40 if c[:-1] != manilha)
    assert sorted(manilhas, key=power.__getitem__) == [manilha + suit for suit in "DSHC"]
