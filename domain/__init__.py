"""The games the service records: what every game shares (`domain.match`), dominoes
(`domain.dominoes`) and the card games (`domain.cards`), joined by one registry
(`domain.games`) behind one `decide` and one `evolve`.

Pure: standard library and msgspec only. The rules enforced are rules.md's; where it is
silent, docs/rules-decisions.md decides (cited as D1, S1, T1, ... in the code).
"""

from domain.cards.cards import DECK_40, Card
from domain.cards.sueca.commands import AskRedeal, RecordSuecaResult
from domain.cards.sueca.events import RedealAsked
from domain.cards.sueca.rules import SUECA, SuecaRules
from domain.cards.tricks.commands import DealCards, PlayCard
from domain.cards.tricks.events import CardPlayed, CardsDealt
from domain.cards.tricks.hand import Played, Trick, TrickHand
from domain.cards.truco.commands import AnswerRaise, CallRaise, RecordTrucoResult
from domain.cards.truco.events import RaiseAccepted, RaiseCalled
from domain.cards.truco.rules import TRUCO, TrucoRules
from domain.commands import MatchCommand
from domain.decide import decide
from domain.dominoes.commands import Pass, PlayTile, RecordResult, StartHand
from domain.dominoes.events import DealVoided, HandStarted, Passed, TilePlayed
from domain.dominoes.hand import Ends, Hand, Move
from domain.dominoes.legal import legal_plays
from domain.dominoes.rules import CINQUENTA, FEDERACAO, PONTOS, BatidaKind, KindPoints, Rules
from domain.dominoes.tiles import ALL_TILES, Tile, normalise, parse_tile, pips
from domain.errors import DomainError, ErrorCode, IllegalMove, InvalidInput, WrongStatus
from domain.events import (
    DECODER,
    EVENT_TYPES,
    KEPT_TYPES,
    SECRET_TYPES,
    MatchEvent,
    decode,
    encode,
)
from domain.evolve import evolve, fold
from domain.games import BY_NAME, DEFAULT_GAME, GAMES, game_of
from domain.match.commands import (
    Abandon,
    AnnulHand,
    Cancel,
    Command,
    Confirm,
    CreateMatch,
    RecordPenalty,
    UndoLastMove,
)
from domain.match.events import (
    ConfirmationRecorded,
    ConsentGiven,
    Consequence,
    Event,
    HandAnnulled,
    HandEnded,
    MatchAbandoned,
    MatchCancelled,
    MatchConfirmed,
    MatchCreated,
    MatchFinished,
    MatchReopened,
    MoveUndone,
    PenaltyKind,
    PenaltyRecorded,
)
from domain.match.game import Game
from domain.match.rules import GameRules
from domain.match.state import (
    INITIAL,
    Confirmation,
    ConfirmedBy,
    GameHand,
    HandResult,
    Match,
    Outcome,
    PerTeam,
    Raise,
    Status,
)
from domain.rulesets import PRESETS, RuleSet, resolve_rules
from domain.table import End, Seat, Team, team_of

__all__ = [
    "ALL_TILES",
    "BY_NAME",
    "CINQUENTA",
    "DECK_40",
    "DECODER",
    "DEFAULT_GAME",
    "EVENT_TYPES",
    "FEDERACAO",
    "GAMES",
    "INITIAL",
    "KEPT_TYPES",
    "PONTOS",
    "PRESETS",
    "SECRET_TYPES",
    "SUECA",
    "TRUCO",
    "Abandon",
    "AnnulHand",
    "AnswerRaise",
    "AskRedeal",
    "BatidaKind",
    "CallRaise",
    "Cancel",
    "Card",
    "CardPlayed",
    "CardsDealt",
    "Command",
    "Confirm",
    "Confirmation",
    "ConfirmationRecorded",
    "ConfirmedBy",
    "ConsentGiven",
    "Consequence",
    "CreateMatch",
    "DealCards",
    "DealVoided",
    "DomainError",
    "End",
    "Ends",
    "ErrorCode",
    "Event",
    "Game",
    "GameHand",
    "GameRules",
    "Hand",
    "HandAnnulled",
    "HandEnded",
    "HandResult",
    "HandStarted",
    "IllegalMove",
    "InvalidInput",
    "KindPoints",
    "Match",
    "MatchAbandoned",
    "MatchCancelled",
    "MatchCommand",
    "MatchConfirmed",
    "MatchCreated",
    "MatchEvent",
    "MatchFinished",
    "MatchReopened",
    "Move",
    "MoveUndone",
    "Outcome",
    "Pass",
    "Passed",
    "PenaltyKind",
    "PenaltyRecorded",
    "PerTeam",
    "PlayCard",
    "PlayTile",
    "Played",
    "Raise",
    "RaiseAccepted",
    "RaiseCalled",
    "RecordPenalty",
    "RecordResult",
    "RecordSuecaResult",
    "RecordTrucoResult",
    "RedealAsked",
    "RuleSet",
    "Rules",
    "Seat",
    "StartHand",
    "Status",
    "SuecaRules",
    "Team",
    "Tile",
    "TilePlayed",
    "Trick",
    "TrickHand",
    "TrucoRules",
    "UndoLastMove",
    "WrongStatus",
    "decide",
    "decode",
    "encode",
    "evolve",
    "fold",
    "game_of",
    "legal_plays",
    "normalise",
    "parse_tile",
    "pips",
    "resolve_rules",
    "team_of",
]
