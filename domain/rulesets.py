"""Every preset the service knows, and overrides on top of them.

`RuleSet` is the tagged union of every game's rules: the `preset` tag names the game.
"""

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.cards.buraco.rules import (
    BURACO,
    MEGA_BURACO,
    TRANCA,
    BuracoRules,
    MegaBuracoRules,
    TrancaRules,
)
from domain.cards.cacheta.rules import CACHETA, CachetaRules
from domain.cards.copas.rules import COPAS, CopasRules
from domain.cards.espadas.rules import ESPADAS, EspadasRules
from domain.cards.holdem.rules import HOLDEM, HoldemRules
from domain.cards.maumau.rules import MAU_MAU, MauMauRules
from domain.cards.poker.rules import POKER, PokerRules
from domain.cards.sueca.rules import SUECA, SuecaRules
from domain.cards.truco.rules import TRUCO, TrucoRules
from domain.dominoes.rules import (
    CINQUENTA,
    FEDERACAO,
    PONTOS,
    CinquentaRules,
    FederacaoRules,
    PontosRules,
)
from domain.errors import InvalidInput

RuleSet = (
    PontosRules
    | CinquentaRules
    | FederacaoRules
    | SuecaRules
    | TrucoRules
    | EspadasRules
    | CopasRules
    | MauMauRules
    | BuracoRules
    | MegaBuracoRules
    | TrancaRules
    | CachetaRules
    | HoldemRules
    | PokerRules
)
PRESETS: dict[str, RuleSet] = {
    r.preset: r
    for r in (
        PONTOS,
        CINQUENTA,
        FEDERACAO,
        SUECA,
        TRUCO,
        ESPADAS,
        COPAS,
        MAU_MAU,
        BURACO,
        MEGA_BURACO,
        TRANCA,
        CACHETA,
        HOLDEM,
        POKER,
    )
}
RULES_DECODER = msgspec.json.Decoder(RuleSet)


def resolve_rules(preset: str, overrides: Mapping[str, object] | None = None) -> RuleSet:
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


def check_rules(kind: type[Any], settings: Mapping[str, object]) -> RuleSet:
    try:
        rules: RuleSet = msgspec.convert(settings, kind)
    except msgspec.ValidationError as error:
        raise InvalidInput("invalid-rules", f"bad setting: {error}") from None
    rules.check()
    return rules
