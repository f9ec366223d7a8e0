"""A game's answer joins its finished hands' JSON from what was encoded when each ended
(`state_json`): the bytes must be those of the whole state encoded at once, for every game,
at every number of finished hands, whoever reads it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import msgspec
import pytest
from litestar.serialization import encode_json

from domain import BY_NAME
from service.http.matches.views import match_state, state_json
from tests.domain.round_trip_play import random_game


@pytest.mark.parametrize("game", sorted(BY_NAME))
def test_the_joined_answer_is_the_whole_state_encoded(game: str) -> None:
    compared = 0
    for seed in range(3):
        played = random_game(game, seed)
        final = played.state
        for count in range(len(final.hands) + 1):
            state = msgspec.structs.replace(final, hands=final.hands[:count])
            for seen in (frozenset(), frozenset({0})):
                body = match_state(f"{game}-{seed}", 7 + count, state, seen)
                assert state_json(body, state.hands) == encode_json(body)
                compared += 1
    assert compared > 3 * 2  # some game of the three had hands to list


def test_a_list_of_hands_is_found_by_identity_not_by_an_equal_one() -> None:
    """Two games with equal finished hands are answered alike; a shorter list of one of
    them is never answered with the longer list's hands."""
    final = random_game("sueca", 1).state
    assert len(final.hands) >= 2
    longer = final.hands
    shorter = tuple(final.hands[:-1])
    for hands in (longer, shorter, longer, tuple(longer)):
        state = msgspec.structs.replace(final, hands=hands)
        body = match_state("m", 1, state, frozenset())
        answer = msgspec.json.decode(state_json(body, hands))
        assert [h["number"] for h in answer["hands"]] == [h.number for h in hands]


def test_equal_hands_sent_with_other_offsets_are_each_answered_as_sent() -> None:
    """Two games whose hands ended at the same instants, one sent in UTC and one at -03:00:
    the hands are equal (aware datetimes), yet each answer writes its own offset."""
    final = random_game("dominoes", 2).state
    utc = msgspec.structs.replace(
        final.hands[0],
        started_at=datetime(2026, 11, 30, 12, 0, tzinfo=UTC),
        ended_at=datetime(2026, 11, 30, 12, 30, tzinfo=UTC),
    )
    brasilia = timezone(timedelta(hours=-3))
    local = msgspec.structs.replace(
        utc,
        started_at=utc.started_at.astimezone(brasilia),
        ended_at=utc.ended_at.astimezone(brasilia),
    )
    assert utc == local
    for hand, written in ((utc, "2026-11-30T12:30:00Z"), (local, "2026-11-30T09:30:00-03:00")):
        state = msgspec.structs.replace(final, hands=(hand,))
        body = match_state("m", 1, state, frozenset())
        assert body.hands[0].ended_at.utcoffset() == hand.ended_at.utcoffset()
        assert msgspec.json.decode(state_json(body, state.hands))["hands"][0]["ended_at"] == written
