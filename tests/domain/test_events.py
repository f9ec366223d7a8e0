"""Every event class has its own tag and survives a JSON round trip."""

import msgspec
import pytest

from domain import (
    DECODER,
    EVENT_TYPES,
    PONTOS,
    ConfirmationRecorded,
    DealVoided,
    HandAnnulled,
    HandStarted,
    MatchAbandoned,
    MatchConfirmed,
    MatchCreated,
    MatchEvent,
    MatchFinished,
    MatchReopened,
    MoveUndone,
    Passed,
    PenaltyRecorded,
    PerTeam,
    TilePlayed,
    decode,
    encode,
)
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
        score=PerTeam(6, 0),
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
