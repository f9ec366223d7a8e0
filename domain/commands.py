"""Every command of every game: what a client asks for, as one tagged union."""

from domain.cards.betting.commands import BettingCommand
from domain.cards.buraco.commands import (
    AddToMeld,
    LayMeld,
    LayRedThree,
    RecordBuracoResult,
    TakePile,
)
from domain.cards.cacheta.commands import Burn, GoOut, JumpTheQueue, RecordCachetaRound, SayNaBoa
from domain.cards.commands import CardCommand
from domain.cards.maumau.commands import Accuse, CallMauMau, RecordMauMauResult
from domain.cards.stock.commands import StockCommand
from domain.dominoes.commands import DominoCommand
from domain.match.commands import SharedCommand

MatchCommand = (
    SharedCommand
    | DominoCommand
    | CardCommand
    | StockCommand
    | CallMauMau
    | Accuse
    | RecordMauMauResult
    | LayMeld
    | AddToMeld
    | RecordBuracoResult
    | TakePile
    | LayRedThree
    | GoOut
    | SayNaBoa
    | JumpTheQueue
    | Burn
    | RecordCachetaRound
    | BettingCommand
)
