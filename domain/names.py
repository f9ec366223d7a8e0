"""Display names (players, competitions): kept as a reader sees them.

A name may not hide anything: characters that render as nothing, or that reorder what
follows them, would let one name pass for another (`"\\u202eevil"` shows as `"live"`) or
make a name of nothing at all (`"\\u200b"`). So a name is stripped of Unicode's format
characters (category Cf: zero-width spaces and joiners, bidi embeddings, overrides and
isolates, the BOM, tags) and of the other default-ignorable code points (fillers that are
letters by category, variation selectors), put in NFC, its whitespace collapsed, and it
must keep at least one visible character: a letter, digit, punctuation or symbol. Control
characters are refused outright, as before.
"""

from __future__ import annotations

import unicodedata

from domain.errors import InvalidInput

MAX_LENGTH = 100
_VISIBLE = frozenset("LNPS")  # the first letter of a visible character's category
_IGNORABLE = frozenset(
    [
        0x034F,  # combining grapheme joiner
        0x115F, 0x1160, 0x3164, 0xFFA0,  # Hangul fillers: letters that show nothing
        0x17B4, 0x17B5,  # Khmer inherent vowels
        0x2065,  # reserved among the invisible operators
        0x2800,  # the blank Braille pattern: a symbol that shows nothing
        *range(0x180B, 0x1810),  # Mongolian variation selectors
        *range(0xFE00, 0xFE10),  # variation selectors
        *range(0xFFF0, 0xFFF9),  # reserved specials
    ]
)  # fmt: skip
"""Unicode's default-ignorable code points (DerivedCoreProperties.txt) that are not Cf,
and the Braille blank."""


def check_name(name: str, what: str = "name") -> str:
    """The name as it is kept; InvalidInput when it has a control character, or no
    visible one, or more than 100 characters once cleaned."""
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise InvalidInput("invalid-command", f"the {what} may not have control characters")
    kept = "".join(c for c in name if not _ignorable(c))
    cleaned = " ".join(unicodedata.normalize("NFC", kept).split())
    if len(cleaned) > MAX_LENGTH or not any(_visible(c) for c in cleaned):
        raise InvalidInput(
            "invalid-command", f"the {what} must have 1 to {MAX_LENGTH} visible characters"
        )
    return cleaned


def _ignorable(character: str) -> bool:
    code = ord(character)
    return (
        code in _IGNORABLE
        or 0xE0000 <= code <= 0xE0FFF  # tags, variation selectors, reserved
        or unicodedata.category(character) == "Cf"
    )


def _visible(character: str) -> bool:
    return unicodedata.category(character)[0] in _VISIBLE
