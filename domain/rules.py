"""The effective rules of a game: every setting, copied into its first event.

A replay reads these values from `MatchCreated`, never from today's presets.
"""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

PresetName = Literal["pontos", "cinquenta", "federacao"]
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
BatidaKind = Literal["simples", "carroca", "la-e-lo", "cruzada"]

Points = Annotated[int, Meta(ge=0, le=1000)]


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


class Rules(msgspec.Struct, frozen=True, kw_only=True):
    preset: PresetName
    tiles_per_seat: Annotated[int, Meta(ge=6, le=7)]
    dorme_size: Annotated[int, Meta(ge=0, le=4)]
    target: Annotated[int, Meta(ge=1, le=1000)]
    scoring: Scoring
    kind_points: KindPoints = KindPoints()
    block_points: Points
    tie_policy: TiePolicy
    tie_bonus: Points
    tie_bonus_cap: Points
    penalty_points: Points
    """What the other team scores when a team loses a hand by an infraction."""
    irregular_pass: IrregularPass
    opener: OpenerPolicy
    redeal_doubles: Annotated[int, Meta(ge=0, le=7)]
    """A seat dealt this many doubles or more voids the deal; 0 = never."""
