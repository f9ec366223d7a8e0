"""Hand-made Sueca and Truco histories, written through the domain into the real store (as
tests/projections/scripts.py writes dominoes games).

    await card_game(store, "sueca", "70/50", "60/60", "120/0 10/0")
    await card_game(store, "truco", "deal A", "call 0 truco", "accept 1", "play", "B 3")

Each step is one command, one minute after the previous one ("play" is one command a card):
- Sueca: "70/50" a deal's result in card points A/B; "120/0 10/0" with the tricks A/B too
  (10/0 is a bandeirada); "deal" gives each seat one suit (seat 0 clubs, 1 diamonds, 2 hearts,
  3 spades), the dealer's is the trump: played out, the dealer's team takes every trick;
- Truco: "A 3" / "B 12" a hand won and what it was worth; "tie" a hand nobody won;
  "deal A" / "deal B" deals that team 3s and 2s, the other 4s and 6s (the vira 7C: the
  manilhas are queens, and nobody holds one), so played out that team takes the hand;
  "call <seat> truco|seis|nove|doze", "accept <seat>", "run <seat>";
- both: "card" plays the first card of the seat in turn (of the suit led when it holds one),
  "play" plays so to the end of the hand; "penalty <seat> <kind>" an infraction (kind as
  in PenaltyKind); "abandon A" a team abandons.
A game that finished is confirmed by the organizer at the end unless `confirm=False`.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from domain import (
    DECK_40,
    INITIAL,
    Abandon,
    AnswerRaise,
    CallRaise,
    Command,
    CreateMatch,
    DealCards,
    Match,
    PenaltyKind,
    PerTeam,
    PlayCard,
    RecordPenalty,
    RecordSuecaResult,
    RecordTrucoResult,
    TrickHand,
    decide,
    fold,
)
from domain.cards.truco.commands import RAISES, RaiseCall
from domain.table import Team
from service.store.encoding import new_event
from service.store.event_store import EventStore
from tests.projections.scripts import AT, SEATS, confirm_game

_STRONG = (("3H", "3D", "3S"), ("2H", "2D", "2S"))
_WEAK = (("4H", "4D", "4S"), ("6H", "6D", "6S"))
VIRA = "7C"


def _team(word: str) -> Team:
    assert word in ("A", "B"), word
    return "A" if word == "A" else "B"


def _pair(text: str) -> PerTeam:
    a, b = text.split("/")
    return PerTeam(int(a), int(b))


def truco_deal(strong: Team, at: datetime) -> DealCards:
    """The `strong` team's seats hold the 3s and the 2s, the others the 4s and the 6s."""
    hands: list[list[str]] = []
    for seat in range(4):
        ours = (seat % 2 == 0) == (strong == "A")
        hands.append(list((_STRONG if ours else _WEAK)[seat // 2]))
    return DealCards(at=at, hands=hands, vira=VIRA)


def sueca_deal(dealer: int, at: datetime) -> DealCards:
    """Each seat one suit; the dealer's last card shows the trump: the dealer's suit."""
    hands = [[card for card in DECK_40 if card.endswith(suit)] for suit in "CDHS"]
    return DealCards(at=at, hands=hands, dealer=dealer, trump_card=hands[dealer][-1])


def _first_card(state: Match) -> tuple[int, str]:
    hand = state.hand
    assert isinstance(hand, TrickHand), "no hand to play"
    seat = hand.to_play
    held = hand.hands[seat]
    lead = hand.trick[0].card[-1] if hand.trick else None
    return seat, next((c for c in held if c[-1] == lead), held[0])


def command(step: str, state: Match, preset: str, at: datetime) -> Command:
    words = step.split()
    if words[0] == "abandon":
        return Abandon(at=at, team=_team(words[1]))
    if words[0] == "deal" and preset == "sueca":
        return sueca_deal(3 if state.next_dealer is None else state.next_dealer, at)
    if words[0] == "deal":
        return truco_deal(_team(words[1]), at)
    if words[0] in ("play", "card"):
        seat, card = _first_card(state)
        return PlayCard(at=at, seat=seat, card=card)
    if words[0] == "call":
        call: RaiseCall = words[2]  # type: ignore[assignment]
        assert call in RAISES, call
        return CallRaise(at=at, seat=int(words[1]), call=call)
    if words[0] in ("accept", "run"):
        return AnswerRaise(at=at, seat=int(words[1]), accept=words[0] == "accept")
    if words[0] == "penalty":
        kind: PenaltyKind = words[2]  # type: ignore[assignment]
        return RecordPenalty(at=at, seat=int(words[1]), kind=kind)
    if words[0] == "tie":
        return RecordTrucoResult(at=at, tie=True)
    if preset == "truco":
        return RecordTrucoResult(at=at, winner=_team(words[0]), value=int(words[1]))
    tricks = _pair(words[1]) if len(words) > 1 else None
    return RecordSuecaResult(at=at, points=_pair(words[0]), tricks=tricks)


async def card_game(
    store: EventStore,
    preset: str,
    *steps: str,
    seats: tuple[str, ...] = SEATS,
    at: datetime = AT,
    confirm: bool = True,
    match_id: str | None = None,
) -> str:
    """Write a Sueca or Truco game; answer its id."""
    match_id = match_id or str(uuid.uuid4())
    stream = f"match-{match_id}"
    create = CreateMatch(at=at, preset=preset, seats=list(seats), actor="referee")
    state, version, minute = INITIAL, 0, 0

    async def write(command: Command) -> None:
        nonlocal state, version
        events = decide(command, state)
        await store.append(
            stream, [new_event(e, {"actor": "referee"}) for e in events], expected_version=version
        )
        state, version = fold(events, state), version + len(events)

    await write(create)
    for step in steps:
        while True:
            minute += 1
            await write(command(step, state, preset, at + timedelta(minutes=minute)))
            if step != "play" or not isinstance(state.hand, TrickHand):
                break
    if confirm and state.status == "finished":
        await confirm_game(store, match_id, at + timedelta(minutes=minute + 1))
    return match_id
