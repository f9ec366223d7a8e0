"""Every command of every game, from the registered games (`Game.commands`): what a client
may ask for."""

from typing import TYPE_CHECKING, Union

from domain.disputes.commands import DISPUTE_COMMANDS
from domain.games import GAMES
from domain.match.commands import Command, SharedCommand

COMMAND_TYPES: tuple[type[Command], ...] = tuple(
    dict.fromkeys(
        [
            *SharedCommand.__args__,
            *DISPUTE_COMMANDS,
            *(kind for game in GAMES for kind in game.commands),
        ]
    )
)
if TYPE_CHECKING:
    MatchCommand = Command
else:
    MatchCommand = Union[COMMAND_TYPES]  # noqa: UP007
