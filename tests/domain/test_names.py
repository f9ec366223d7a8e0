"""A display name keeps what a reader sees: nothing invisible, nothing that reorders it."""

import unicodedata

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from domain.competitions import register_player
from domain.errors import InvalidInput
from domain.names import check_name
from tests.domain.builders import AT

HIDDEN = [
    "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\ufeff", "\u00ad",
    "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
    "\u061c", "\u180e", "\u034f", "\u3164", "\u115f", "\uffa0", "\u2800", "\ufe0f",
    "\U000e0041", "\U000e0100", "\U0001d173",
]  # fmt: skip
"""Characters that show nothing, or only reorder what follows: format characters (Cf),
bidi embeddings, overrides and isolates, fillers, variation selectors, tags."""
SPACES = [" ", "\u00a0", "\u2003", "\u3000", "\u2028", "\u2029"]
MARKS = ["\u0301", "\u0303", "\u0327", "\u20dd"]  # combining marks: nothing on their own

hidden = st.sampled_from(HIDDEN)
blank = st.lists(st.sampled_from([*HIDDEN, *SPACES, *MARKS]), min_size=1, max_size=30).map("".join)
visible_names = st.text(
    st.characters(categories=["Lu", "Ll", "Lo", "Nd", "Po", "So"]), min_size=1, max_size=40
)


def refused(name: str) -> bool:
    """Refused with the code of any bad name."""
    try:
        check_name(name)
    except InvalidInput as error:
        return error.code == "invalid-command"
    return False


@pytest.mark.parametrize(
    "name",
    ["\u200b", "\u202e", "\u202e\u202d\u2066", "\u200d\ufeff", "\u0301\u0301", "\u3164",
     "\u2028\u2029", " \u200b ", "\U000e0020\U000e007f"],
)  # fmt: skip
def test_a_name_with_nothing_visible_is_refused(name: str) -> None:
    with pytest.raises(InvalidInput) as refusal:
        register_player(name, AT)
    assert refusal.value.code == "invalid-command"


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("\u202eevil", "evil"),
        ("Z\u200be\u0301", "Z\u00e9"),  # the joiner gone, the accent composed (NFC)
        ("\ufeffAna\u200d", "Ana"),
        ("  Tião \u2003 da\u00a0Silva ", "Tião da Silva"),
        ("\u2067\u05e9\u05dc\u05d5\u05dd\u2069", "\u05e9\u05dc\u05d5\u05dd"),
        ("🁣 Dona Conceição 🁫", "🁣 Dona Conceição 🁫"),
    ],
)
def test_a_name_is_kept_without_its_hidden_characters(name: str, kept: str) -> None:
    assert register_player(name, AT).name == kept


@pytest.mark.parametrize("name", ["tab\tname", "bell\x07", "del\x7f", "c1\x85"])
def test_a_name_with_a_control_character_is_refused(name: str) -> None:
    assert refused(name)


@given(blank)
def test_no_name_made_only_of_hidden_characters_spaces_and_marks_is_taken(name: str) -> None:
    assert refused(name)


@given(visible_names, st.lists(st.tuples(st.integers(0, 40), hidden), max_size=8))
def test_hidden_characters_anywhere_change_nothing_a_reader_could_tell(
    name: str, inserted: list[tuple[int, str]]
) -> None:
    """A name with hidden characters slipped in anywhere is kept as the plain name: nobody
    passes for another with an invisible difference."""
    assume(not refused(name))  # a filler or the Braille blank alone: nothing visible
    mixed = name
    for position, character in inserted:
        mixed = mixed[:position] + character + mixed[position:]

    assert check_name(mixed) == check_name(name)


@given(st.text(max_size=120))
def test_a_kept_name_is_clean_and_cleaning_it_again_changes_nothing(name: str) -> None:
    if refused(name):
        return
    kept = check_name(name)

    assert check_name(kept) == kept
    assert unicodedata.is_normalized("NFC", kept)
    assert kept == " ".join(kept.split())
    assert 1 <= len(kept) <= 100
    assert not any(unicodedata.category(c) in ("Cf", "Cc", "Zl", "Zp") for c in kept)
    assert any(unicodedata.category(c)[0] in "LNPS" for c in kept)
