"""A text's commitment as the service computes it and as anyone recomputes it with Python's
standard library (scripts/verify_game.py) agree for every text, whatever its characters."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from service.store.texts import commit_texts
from tests.api.test_commitments import VERIFY


@settings(max_examples=300, deadline=None)
@given(place=st.text(min_size=1, max_size=60), notes=st.text(max_size=60))
def test_a_committed_text_checks_with_the_standard_library_and_leaves_no_trace(
    place: str, notes: str
) -> None:
    plain = json.dumps({"type": "match_created", "place": place, "notes": notes})
    data, openings = commit_texts("match_created", plain, {"actor": "p"})
    body = json.loads(data)
    assert {o.path for o in openings} == {"place"} | ({"notes"} if notes else set())
    for opening in openings:
        value = json.loads(opening.value)
        assert value == {"place": place, "notes": notes}[opening.path]
        assert body[opening.path] is None
        assert VERIFY.commitment(opening.salt, value) == body["texts"][opening.path]
    assert len({o.salt for o in openings}) == len(openings)  # a fresh salt each


def test_a_body_without_texts_is_left_as_it_was() -> None:
    plain = json.dumps({"type": "match_created", "place": None, "notes": ""})
    assert commit_texts("match_created", plain, {"actor": "p"}) == (plain, ())
    assert commit_texts("tile_played", '{"type":"tile_played"}', {}) == (
        '{"type":"tile_played"}',
        (),
    )
