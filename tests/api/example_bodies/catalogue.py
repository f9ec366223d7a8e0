"""Every scenario, by the game it plays."""

from __future__ import annotations

from tests.api.example_bodies.scenario import Scenario
from tests.api.example_bodies.scenarios_betting import HOLDEM, POKER
from tests.api.example_bodies.scenarios_dominoes import DOMINOES, PLAYERS
from tests.api.example_bodies.scenarios_stock import BURACO, CACHETA, MAU_MAU, MEGA_BURACO, TRANCA
from tests.api.example_bodies.scenarios_tricks import COPAS, ESPADAS, SUECA, TRUCO

SCENARIOS: dict[str, Scenario] = {
    s.name: s
    for s in (
        PLAYERS,
        DOMINOES,
        SUECA,
        TRUCO,
        ESPADAS,
        COPAS,
        MAU_MAU,
        CACHETA,
        BURACO,
        MEGA_BURACO,
        TRANCA,
        HOLDEM,
        POKER,
    )
}
