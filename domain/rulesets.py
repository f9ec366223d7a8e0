"""Every preset the service knows, and overrides on top of them, from the registered games.

`RuleSet` is the tagged union of every game's rules: the `preset` tag names the game.
"""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Union

import msgspec

from domain.errors import InvalidInput
from domain.games import GAMES
from domain.match.rules import GameRules

PRESETS: dict[str, GameRules] = {rules.preset: rules for game in GAMES for rules in game.rule_sets}
if TYPE_CHECKING:
    RuleSet = GameRules
else:  # every registered game's rules, told apart by their preset
    RuleSet = Union[tuple(type(rules) for rules in PRESETS.values())]  # noqa: UP007
RULES_DECODER: msgspec.json.Decoder[GameRules] = msgspec.json.Decoder(RuleSet)


def resolve_rules(preset: str, overrides: Mapping[str, object] | None = None) -> GameRules:
    """A preset with `overrides` applied, each validated; `invalid-rules` names the bad one."""
    base = PRESETS.get(preset)
    if base is None:
        names = ", ".join(PRESETS)
        raise InvalidInput("invalid-rules", f"unknown rule set {preset!r}: choose one of {names}")
    changes = dict(overrides or {})
    unknown = set(changes) - set(type(base).__struct_fields__) | ({"preset"} & set(changes))
    if unknown:
        raise InvalidInput("invalid-rules", f"unknown or fixed setting(s): {sorted(unknown)}")
    if "tiles_per_seat" in changes and "dorme_size" not in changes:
        tiles = changes["tiles_per_seat"]
        changes["dorme_size"] = 28 - 4 * tiles if type(tiles) is int else tiles
    return check_rules(type(base), msgspec.structs.asdict(base) | changes)


def check_rules(kind: type[Any], settings: Mapping[str, object]) -> GameRules:
    try:
        rules: GameRules = msgspec.convert(settings, kind)
    except msgspec.ValidationError as error:
        raise InvalidInput("invalid-rules", f"bad setting: {error}") from None
    rules.check()
    return rules
