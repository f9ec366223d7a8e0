"""The three rule sets of rules.md, and overrides on top of them."""

from collections.abc import Mapping

import msgspec

from domain.errors import InvalidInput
from domain.rules import Rules

PONTOS = Rules(
    preset="pontos",
    tiles_per_seat=6,
    dorme_size=4,
    target=6,
    scoring="by-kind",
    block_points=1,
    tie_policy="bonus",
    tie_bonus=1,
    tie_bonus_cap=1,
    penalty_points=1,
    irregular_pass="turn-lost",
    opener="highest-double",
    redeal_doubles=0,
)
CINQUENTA = msgspec.structs.replace(
    PONTOS,
    preset="cinquenta",
    tiles_per_seat=7,
    dorme_size=0,
    target=50,
    scoring="opponent-pips",
    tie_policy="blocker-loses",
    tie_bonus=0,
    tie_bonus_cap=0,
    opener="rotate",
)
FEDERACAO = msgspec.structs.replace(
    CINQUENTA, preset="federacao", tie_policy="replay", irregular_pass="hand-lost", redeal_doubles=4
)
PRESETS: dict[str, Rules] = {r.preset: r for r in (PONTOS, CINQUENTA, FEDERACAO)}


def resolve_rules(preset: str, overrides: Mapping[str, object] | None = None) -> Rules:
    """A preset with `overrides` applied, each validated; `invalid-rules` names the bad one."""
    base = PRESETS.get(preset)
    if base is None:
        names = ", ".join(PRESETS)
        raise InvalidInput("invalid-rules", f"unknown rule set {preset!r}: choose one of {names}")
    changes = dict(overrides or {})
    unknown = set(changes) - set(Rules.__struct_fields__) | ({"preset"} & set(changes))
    if unknown:
        raise InvalidInput("invalid-rules", f"unknown or fixed setting(s): {sorted(unknown)}")
    if "tiles_per_seat" in changes and "dorme_size" not in changes:
        tiles = changes["tiles_per_seat"]
        changes["dorme_size"] = 28 - 4 * tiles if type(tiles) is int else tiles
    return check_rules(msgspec.structs.asdict(base) | changes)


def check_rules(settings: Mapping[str, object]) -> Rules:
    try:
        rules = msgspec.convert(settings, Rules)
    except msgspec.ValidationError as error:
        raise InvalidInput("invalid-rules", f"bad setting: {error}") from None
    if 0 < rules.redeal_doubles < 3:
        # With 1 or 2, nearly every deal would be void: a game could never start (D24).
        raise InvalidInput(
            "invalid-rules", "redeal_doubles is 0 (never redeal) or 3 to 7 doubles in one hand"
        )
    if 4 * rules.tiles_per_seat + rules.dorme_size != 28:
        raise InvalidInput(
            "invalid-rules", "4 x tiles_per_seat + dorme_size must make the 28 tiles of the set"
        )
    return rules
