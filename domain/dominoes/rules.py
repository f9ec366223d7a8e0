"""The settings of a dominoes game, and the three rule sets of rules.md as presets."""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.errors import InvalidInput
from domain.match.rules import GameRules, Points

Scoring = Literal["by-kind", "opponent-pips"]
"""by-kind: a batida scores by its kind, a block `block_points`; opponent-pips: the
winners score the losers' pips."""
TiePolicy = Literal["bonus", "blocker-loses", "replay"]
"""What equal block sums mean: an empate (nobody scores, `tie_bonus` for the next hand
won), the blocking team loses, or an empate replayed by the same opener."""
OpenerPolicy = Literal["highest-double", "rotate"]
"""highest-double: every hand the highest double (else highest tile) opens, with that
tile. rotate: the first hand likewise, later hands the seat after the last opener."""
IrregularPass = Literal["turn-lost", "hand-lost"]
SignalPenalty = Literal["warning", "hand-lost"]
BatidaKind = Literal["simples", "carroca", "la-e-lo", "cruzada"]


class KindPoints(msgspec.Struct, frozen=True, kw_only=True):
    """Points of a batida by kind, for the `by-kind` scoring."""

    simples: Points = 1
    carroca: Points = 2
    la_e_lo: Points = msgspec.field(default=3, name="la-e-lo")
    cruzada: Points = 4

    def of(self, kind: BatidaKind) -> int:
        if kind == "simples":
            return self.simples
        if kind == "carroca":
            return self.carroca
        if kind == "la-e-lo":
            return self.la_e_lo
        return self.cruzada


class Rules(GameRules, frozen=True, kw_only=True):
    """A dominoes game's rules (the three presets are its tagged subclasses)."""

    tiles_per_seat: Annotated[int, Meta(ge=6, le=7)]
    dorme_size: Annotated[int, Meta(ge=0, le=4)]
    scoring: Scoring
    kind_points: KindPoints = KindPoints()
    block_points: Points
    tie_policy: TiePolicy
    penalty_points: Points
    """What the other team scores when a team loses a hand by an infraction, in a rule set
    scored by kind; scored by pips, it takes the offenders' pips instead (D8)."""
    irregular_pass: IrregularPass
    opener: OpenerPolicy
    redeal_doubles: Annotated[int, Meta(ge=0, le=7)]
    """A seat dealt this many doubles or more voids the deal; 0 = never."""
    signal: SignalPenalty = "warning"
    """What signalling a partner costs (seed 002 Art. 8): the competition's to set (D25)."""

    def check(self) -> None:
        if 0 < self.redeal_doubles < 3:
            # With 1 or 2, nearly every deal would be void: a game could never start (D24).
            raise InvalidInput(
                "invalid-rules", "redeal_doubles is 0 (never redeal) or 3 to 7 doubles in one hand"
            )
        if 4 * self.tiles_per_seat + self.dorme_size != 28:
            raise InvalidInput(
                "invalid-rules", "4 x tiles_per_seat + dorme_size must make the 28 tiles of the set"
            )


class PontosRules(Rules, frozen=True, kw_only=True, tag="pontos"):
    """Seed 000's "Sistema de Pontuação e Ranking"."""


class CinquentaRules(Rules, frozen=True, kw_only=True, tag="cinquenta"):
    """Seeds 001 and 004: 50 points, the opponents' pips."""


class FederacaoRules(Rules, frozen=True, kw_only=True, tag="federacao"):
    """Seed 002's "Regras básicas"."""


PONTOS = PontosRules(
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
CINQUENTA = CinquentaRules(
    **msgspec.structs.asdict(PONTOS)
    | {
        "tiles_per_seat": 7,
        "dorme_size": 0,
        "target": 50,
        "scoring": "opponent-pips",
        "tie_policy": "blocker-loses",
        "tie_bonus": 0,
        "tie_bonus_cap": 0,
        "opener": "rotate",
    }
)
FEDERACAO = FederacaoRules(
    **msgspec.structs.asdict(CINQUENTA)
    | {"tie_policy": "replay", "irregular_pass": "hand-lost", "redeal_doubles": 4}
)
