"""The registry of games: each game once, found by its preset or its name. The core, the
service and the projections learn of a game here, never through a branch of their own."""

from domain.cards.buraco.game import BURACO_GAME, MEGA_BURACO_GAME, TRANCA_GAME
from domain.cards.cacheta.game import CACHETA_GAME
from domain.cards.copas.game import COPAS_GAME
from domain.cards.espadas.game import ESPADAS_GAME
from domain.cards.holdem.game import HOLDEM_GAME
from domain.cards.maumau.game import MAU_MAU_GAME
from domain.cards.poker.game import POKER_GAME
from domain.cards.sueca.game import SUECA
from domain.cards.truco.game import TRUCO
from domain.dominoes.game import DOMINOES
from domain.errors import SHARED_CODES
from domain.match.game import Game
from domain.match.rules import GameRules

GAMES: tuple[Game, ...] = (
    DOMINOES,
    SUECA,
    TRUCO,
    ESPADAS_GAME,
    COPAS_GAME,
    MAU_MAU_GAME,
    BURACO_GAME,
    MEGA_BURACO_GAME,
    TRANCA_GAME,
    CACHETA_GAME,
    HOLDEM_GAME,
    POKER_GAME,
)
DEFAULT_GAME = DOMINOES.name
"""The seed's game: the one a read means when it names none (its rankings are the seed's),
and the one of every record kept before games were named."""
BY_PRESET: dict[str, Game] = {preset: game for game in GAMES for preset in game.presets}
BY_NAME: dict[str, Game] = {game.name: game for game in GAMES}
ERROR_CODES: frozenset[str] = SHARED_CODES.union(*(game.refusals for game in GAMES))
"""Every stable code a refusal of the domain may answer: the shared ones and every game's."""


_BY_RULES: dict[type, Game] = {}


def game_of(rules: GameRules) -> Game:
    """The game whose rules these are (found by the rules' class: this runs on every move)."""
    game = _BY_RULES.get(type(rules))
    if game is None:
        game = _BY_RULES[type(rules)] = BY_PRESET[rules.preset]
    return game
