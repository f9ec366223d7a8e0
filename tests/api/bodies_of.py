"""The body a client posts for a domain command, in every registered game: a game played by
the domain's random players (tests/domain/round_trip_play.py) is posted again move by move,
deals included, as the scorekeeper who posted them."""

from __future__ import annotations

from typing import Any

from domain import (
    AnswerRaise,
    CallRaise,
    DealCards,
    Pass,
    PlayCard,
    PlayTile,
    StartHand,
)
from domain.cards.betting.commands import Bet, DealBetting, SwapCards, TurnBoard
from domain.cards.copas.commands import GiveCards
from domain.cards.espadas.commands import MakeBid
from domain.cards.maumau.commands import Accuse, CallMauMau
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards, PassTurn
from domain.match.commands import Command
from tests.api import test_buraco, test_cacheta

Json = dict[str, Any]
Body = tuple[str, Json]


def body_of(game: str, command: Command) -> Body:
    """(the path under the game, the body) of `command` in `game` (a registered name)."""
    if game in ("buraco", "mega-buraco", "tranca"):
        return test_buraco.body_of(command)
    if game == "cacheta":
        return test_cacheta.body_of(command)
    if game in ("texas-holdem", "poker"):
        return _betting(command)
    if game == "mau-mau":
        return _mau_mau(command)
    return _tiles_and_tricks(command)


def _some(**fields: Any) -> Json:
    return {name: value for name, value in fields.items() if value is not None}


def _tiles_and_tricks(command: Command) -> Body:
    match command:
        case StartHand():
            return "hands", {"hands": command.hands, "dorme": command.dorme}
        case PlayTile():
            return "moves", _some(seat=command.seat, tile=command.tile, end=command.end)
        case Pass():
            return "moves", {"seat": command.seat, "pass": True}
        case DealCards():
            deal = _some(dealer=command.dealer, trump_card=command.trump_card, vira=command.vira)
            return "hands", {"hands": command.hands} | deal
        case PlayCard():
            covered = {"covered": True} if command.covered else {}
            return "moves", {"seat": command.seat, "card": command.card} | covered
        case CallRaise():
            return "moves", {"seat": command.seat, "call": command.call}
        case AnswerRaise():
            return "moves", {"seat": command.seat, "accept" if command.accept else "run": True}
        case MakeBid():
            return "moves", {"seat": command.seat, "bid": command.bid}
        case GiveCards():
            return "moves", {"seat": command.seat, "give": command.cards}
    raise AssertionError(command)


def _mau_mau(command: Command) -> Body:
    match command:
        case DealStock():
            deal = _some(dealer=command.dealer, starter=command.starter, stock=command.stock)
            return "hands", {"hands": command.hands} | deal
        case DrawCards():
            assert command.restock is None, "the service shuffles a new stock: post none"
            return "moves", _some(seat=command.seat, draw=command.source, cards=command.cards)
        case DiscardCard():
            return "moves", _some(seat=command.seat, card=command.card, suit=command.suit)
        case PassTurn():
            return "moves", {"seat": command.seat, "pass": True}
        case CallMauMau():
            return "moves", {"seat": command.seat, "mau_mau": True}
        case Accuse():
            return "moves", {"seat": command.seat, "accuse": True}
    raise AssertionError(command)


def _betting(command: Command) -> Body:
    match command:
        case DealBetting():
            # the stock key is the game's: Hold'em's board, poker fechado's stock
            stock = "board" if len(command.hands[0]) == 2 else "stock"
            deal = _some(dealer=command.dealer, stacks=command.stacks, **{"in": command.dealt})
            return "hands", {"hands": command.hands} | deal | _some(**{stock: command.stock})
        case Bet():
            action: Json = {command.action: command.to if command.action == "bet_to" else True}
            return "moves", {"seat": command.seat} | action
        case TurnBoard():
            return "moves", {"board": command.cards}
        case SwapCards():
            assert command.restock is None, "the service shuffles a new stock: post none"
            named = _some(received=command.received)
            return "moves", {"seat": command.seat, "exchange": command.thrown} | named
    raise AssertionError(command)
