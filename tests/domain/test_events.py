"""Every event class has its own tag and survives a JSON round trip."""

import msgspec
import pytest

from domain import (
    DECODER,
    EVENT_TYPES,
    PONTOS,
    SUECA,
    CardPlayed,
    CardsDealt,
    ConfirmationRecorded,
    ConsentGiven,
    DealVoided,
    HandAnnulled,
    HandStarted,
    MatchAbandoned,
    MatchCancelled,
    MatchConfirmed,
    MatchCreated,
    MatchEvent,
    MatchFinished,
    MatchReopened,
    MoveUndone,
    Passed,
    PenaltyRecorded,
    PerTeam,
    RaiseAccepted,
    RaiseCalled,
    RedealAsked,
    TilePlayed,
    decode,
    encode,
)
from domain.cards.betting.events import (
    BetMade,
    BettingDealt,
    BoardTurned,
    CardsSwapped,
    ClosingAsked,
    PotWon,
    ShowdownHeld,
)
from domain.cards.buraco.events import (
    AddedToMeld,
    Melded,
    MortoTaken,
    MortoToStock,
    RedThreeLaid,
)
from domain.cards.cacheta.events import NaBoaSaid, QueueJumped, SeatBurned, WentOut
from domain.cards.copas.events import CardsExchanged, CardsGiven
from domain.cards.espadas.events import BidMade
from domain.cards.maumau.events import MauMauAccused, MauMauCalled
from domain.cards.stock.events import (
    CardDiscarded,
    CardsDrawn,
    StockDealt,
    StockRestocked,
    TurnPassed,
)
from domain.disputes.events import DisputeSettled, MatchDisputed
from tests.domain.builders import AT, SEATS, ended

HANDS = (("6-6", "1-2"), ("0-0", "3-4"), ("2-2",), ("5-5",))
ONE_OF_EACH = [
    MatchCreated(at=AT, rules=PONTOS, seats=SEATS, created_by="ana", place="Bar do Zé"),
    HandStarted(at=AT, number=1, opener=0, opening_tile="6-6", hands=HANDS, dorme=("0-1",)),
    DealVoided(at=AT, number=1, seat=0, doubles=("6-6",), hands=HANDS),
    TilePlayed(at=AT, seat=0, tile="6-6", end=None),
    Passed(at=AT, seat=1),
    MoveUndone(at=AT, seat=1, tile=None),
    ended(outcome="bloqueio", winner="A", points=1, sums=PerTeam(3, 9), by_seat=2, opener=0),
    PenaltyRecorded(at=AT, seat=2, kind="slow-play", consequence="warning", note="sleepy"),
    MatchAbandoned(at=AT, team="B", seat=3),
    MatchFinished(
        at=AT,
        winner="A",
        score={"A": 6, "B": 0},
        started_at=AT,
        duration_seconds=1800,
        hands_played=4,
        buchuda=True,
        buchuda_de_re=False,
        virada=False,
        abandoned=False,
    ),
    HandAnnulled(at=AT, number=4),
    MatchReopened(at=AT),
    ConfirmationRecorded(at=AT, by="A", actor="ana"),
    MatchConfirmed(at=AT),
    MatchConfirmed(at=AT, counts_for=(0, 2)),
    ConsentGiven(at=AT, seats=(1, 3)),
    BidMade(at=AT, seat=2, bid=4),
    BidMade(at=AT, seat=3, bid="double_nil"),
    CardsGiven(at=AT, seat=1, cards=("QS", "AH", "2C")),
    CardsExchanged(at=AT, direction="across", opener=2),
    MatchCancelled(at=AT, by="ana"),
    MatchDisputed(at=AT, seat=1, actor="bia", reason="a tile was missed"),
    DisputeSettled(at=AT, decision="annul", actor="org", note="replayed"),
    MatchCreated(at=AT, rules=SUECA, seats=SEATS, created_by="ana"),
    CardsDealt(
        at=AT,
        number=1,
        dealer=3,
        opener=0,
        hands=(("7H",), ("AS",), ("2C",), ("KD",)),
        trump_card="KD",
    ),
    CardPlayed(at=AT, seat=0, card="7H"),
    CardPlayed(at=AT, seat=1, card="10S", covered=True),
    RedealAsked(at=AT, number=1, seat=0, points=7),
    RaiseCalled(at=AT, seat=1, value=3),
    RaiseAccepted(at=AT, seat=2, value=3),
    MoveUndone(at=AT, seat=0, move="card_played", card="7H"),
    StockDealt(
        at=AT,
        number=1,
        dealer=3,
        opener=0,
        hands=(("7H", "7H"), ("JK",), ("2C",), ("KD",)),
        starter="9S",
        stock=("AS", "10D"),
        stock_count=2,
    ),
    StockDealt(at=AT, number=2, dealer=0, opener=1, hands=(("7H",),) * 4, stock_count=99),
    CardsDrawn(at=AT, seat=1, cards=("4C", "4C"), count=2, reason="seven"),
    CardsDrawn(at=AT, seat=2, source="pile", cards=("QH",), count=1),
    CardDiscarded(at=AT, seat=1, card="JD", suit="H"),
    StockRestocked(at=AT, stock=("2S", "3S"), stock_count=2),
    StockRestocked(at=AT, stock_count=40),
    TurnPassed(at=AT, seat=5),
    MauMauCalled(at=AT, seat=2, wrong=True),
    MauMauAccused(at=AT, seat=0, accused=7),
    MauMauAccused(at=AT, seat=0, accused=None),
    StockDealt(
        at=AT,
        number=1,
        dealer=1,
        opener=0,
        hands=(("7H",), ("AS",)),
        stock_count=80,
        mortos=(("2C", "3C"), ("KD", "KD")),
    ),
    Melded(at=AT, seat=2, cards=("4C", "5C", "2D")),
    AddedToMeld(at=AT, seat=0, to=1, cards=("7C",)),
    MortoTaken(at=AT, seat=3, direct=True, cards=("8S",) * 11),
    MortoToStock(at=AT, side=0, stock=("9S",) * 11),
    MortoToStock(at=AT, side=1),
    RedThreeLaid(at=AT, seat=1, card="3H"),
    StockDealt(
        at=AT,
        number=1,
        dealer=3,
        opener=0,
        hands=(("9C",), ("AS",), (), ("KD",)),
        stock_count=70,
        vira="8C",
    ),
    NaBoaSaid(at=AT, seat=2),
    QueueJumped(at=AT, seat=2, card="5H"),
    SeatBurned(at=AT, seat=2),
    WentOut(at=AT, seat=0, groups=(("5H", "5C", "5D"), ("7S", "8S", "9C"))),
    BettingDealt(
        at=AT,
        number=1,
        dealer=1,
        dealt=(0, 1),
        stacks=(500, 300),
        posted=(20, 10),
        hands=(("AH", "KD"), ("7C", "7S")),
        stock=("AS", "7D", "10H", "2S", "KC"),
    ),
    BetMade(at=AT, seat=1, action="raise", to=300, chips=290, all_in=True),
    BoardTurned(at=AT, street="flop", cards=("AS", "7D", "10H")),
    CardsSwapped(at=AT, number=1, seat=0, count=2, thrown=("7C", "9S"), received=("AS", "8C")),
    ShowdownHeld(
        at=AT,
        shown={"0": ("AH", "KD"), "1": ("7C", "7S")},
        made={"0": "pair", "1": "three-of-a-kind"},
        pots=(PotWon(600, (0, 1), (1,)),),
    ),
    ClosingAsked(at=AT, seat=2),
]


def test_every_event_class_has_its_own_snake_case_tag_in_the_type_field() -> None:
    tags = [cls.__struct_config__.tag for cls in EVENT_TYPES]
    assert len(set(tags)) == len(EVENT_TYPES)
    assert all(isinstance(t, str) and t == t.lower() and " " not in t for t in tags)
    assert all(cls.__struct_config__.tag_field == "type" for cls in EVENT_TYPES)


def test_the_examples_cover_every_event_class() -> None:
    assert {type(e) for e in ONE_OF_EACH} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).__name__)
def test_an_event_round_trips_through_json(event: MatchEvent) -> None:
    data = encode(event)
    assert msgspec.json.decode(data)["type"] == type(event).__struct_config__.tag
    assert decode(data) == event
    assert DECODER.decode(data) == event


def test_a_tile_not_written_smaller_first_is_refused_when_decoding() -> None:
    bad = b'{"type":"tile_played","at":"2025-05-01T20:00:00Z","seat":0,"tile":"6-3","end":null}'
    with pytest.raises(msgspec.ValidationError):
        decode(bad)


def test_a_time_without_zone_is_refused_when_decoding() -> None:
    bad = b'{"type":"passed","at":"2025-05-01T20:00:00","seat":0}'
    with pytest.raises(msgspec.ValidationError):
        decode(bad)


def test_a_card_not_written_rank_then_suit_is_refused_when_decoding() -> None:
    bad = b'{"type":"card_played","at":"2025-05-01T20:00:00Z","seat":0,"card":"H7"}'
    with pytest.raises(msgspec.ValidationError):
        decode(bad)


def test_rules_stored_before_the_games_registry_still_decode_as_their_preset() -> None:
    stored = (
        b'{"type":"match_created","at":"2025-05-01T20:00:00Z","seats":["a","b","c","d"],'
        b'"created_by":"a","rules":{"preset":"cinquenta","tiles_per_seat":7,"dorme_size":0,'
        b'"target":50,"scoring":"opponent-pips","kind_points":{"simples":1,"carroca":2,'
        b'"la-e-lo":3,"cruzada":4},"block_points":1,"tie_policy":"blocker-loses","tie_bonus":0,'
        b'"tie_bonus_cap":0,"penalty_points":1,"irregular_pass":"turn-lost","opener":"rotate",'
        b'"redeal_doubles":0}}'
    )
    event = decode(stored)
    assert isinstance(event, MatchCreated)
    assert event.rules.preset == "cinquenta"
    assert event.rules.target == 50
