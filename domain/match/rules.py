"""The effective rules of one game: every setting, copied into its first event.

Each game's rules are a subclass tagged by its preset name (`"preset": "sueca"` in JSON), so
one tagged union decodes the rules of any game. A replay reads these values from
`MatchCreated`, never from today's presets.
"""

from typing import Annotated

import msgspec
from msgspec import Meta

Points = Annotated[int, Meta(ge=0, le=1000)]
Target = Annotated[int, Meta(ge=1, le=1000)]


class GameRules(msgspec.Struct, frozen=True, kw_only=True, tag_field="preset"):
    target: Target
    """Points that win the game."""
    tie_bonus: Points = 0
    """What a hand nobody wins adds to the next won hand (an empate, a 60-60)."""
    tie_bonus_cap: Points = 0
    """The most such points may add up to."""

    @property
    def preset(self) -> str:
        """The preset this game's rules started from; also names the game."""
        return str(self.__struct_config__.tag)

    def check(self) -> None:
        """Refuse settings that cannot make a game (`invalid-rules`); each game adds its own."""


def bonus_after(rules: GameRules, pending: int, won: bool) -> int:
    """The tie bonus still pending after a hand: spent by a win, capped when tied (D3)."""
    if won:
        return 0
    return min(pending + rules.tie_bonus, rules.tie_bonus_cap)
