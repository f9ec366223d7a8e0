"""Hold'em's board named street by street by the scorekeeper, when no board was posted
with the deal (a posted board turns by itself: `showdown.then`)."""

from __future__ import annotations

from domain.cards.betting.commands import TurnBoard
from domain.cards.betting.events import BoardTurned
from domain.cards.betting.hand import BettingHand
from domain.cards.betting.showdown import then
from domain.cards.betting.variant import Variant
from domain.cards.cards import in_deck
from domain.errors import IllegalMove, InvalidInput, TellsTheTable
from domain.match.events import Event
from domain.match.guards import hand_of
from domain.match.state import Match


def turn_board(command: TurnBoard, state: Match, variant: Variant) -> list[Event]:
    hand = hand_of(state, BettingHand)
    if hand.phase != "board":
        raise IllegalMove("board-not-due", "the board is turned when a betting round ends")
    if hand.stock is not None:
        raise IllegalMove("board-posted", "the board was posted with the deal: it turns itself")
    wanted = variant.streets.board[hand.street]
    cards = in_deck(command.cards, variant.deck(len(hand.dealt)), variant.title)
    if len(cards) != wanted or len(set(cards)) != wanted:
        raise InvalidInput("invalid-board", f"the {hand.street} is {wanted} card(s)")
    seen = {c for h in hand.hands for c in h} | set(hand.board)
    if seen & set(cards):
        raise TellsTheTable("card-not-in-stock", "a card named is already dealt or turned")
    event = BoardTurned(at=command.at, street=hand.street, cards=cards, named=True)
    return then(state, hand, [event], command.at, variant)
