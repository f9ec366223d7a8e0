"""A bet (P4, P5, H3-H5d): check ("mesa"), bet or raise to a total, cover, fold ("correr")
and all-in; minimum raises, the table limit and the fixed-limit raise cap; a short all-in
that does not reopen the betting; and no raise when nobody could answer it."""

from __future__ import annotations

from domain.cards.betting.commands import Bet
from domain.cards.betting.events import Action, BetMade
from domain.cards.betting.hand import BettingHand
from domain.cards.betting.limits import Limits
from domain.cards.betting.showdown import then
from domain.cards.betting.variant import Variant, rules_of
from domain.errors import IllegalMove, InvalidInput
from domain.match.events import Event
from domain.match.guards import check_turn, hand_of
from domain.match.state import Match


def bet(command: Bet, state: Match, variant: Variant) -> list[Event]:
    hand = hand_of(state, BettingHand)
    seat = state.table.check_seat(command.seat)
    _waiting_for_bets(hand, variant)
    check_turn(state, seat)
    rules = rules_of(state)
    limits = rules.limits(hand.street)
    event = _betting(command, hand, seat, limits)
    return then(state, hand, [event], command.at, variant)


def _waiting_for_bets(hand: BettingHand, variant: Variant) -> None:
    if hand.phase == "board":
        raise IllegalMove("board-pending", f"the {hand.street} is due: post its cards first")
    if hand.phase == "draw":
        raise IllegalMove("exchange-pending", "the exchange comes first: each seat swaps")


def _betting(command: Bet, hand: BettingHand, seat: int, limits: Limits) -> BetMade:
    bets, stack, level = hand.bets[seat], hand.stacks[seat], hand.level
    owed = hand.owed_to(seat) - bets  # H5d: facing only all-ins, no more than the largest
    at = command.at
    match command.action:
        case "fold":
            return BetMade(at=at, seat=seat, action="fold", to=bets, chips=0)
        case "check":
            if owed > 0:
                raise IllegalMove("bet-pending", f"seat {seat} owes {owed}: cover, raise or fold")
            return BetMade(at=at, seat=seat, action="check", to=bets, chips=0)
        case "cover":
            if owed <= 0:
                raise IllegalMove("nothing-to-cover", "there is no bet to cover: check or bet")
            chips = min(owed, stack)
            return BetMade(
                at=at,
                seat=seat,
                action="cover",
                to=bets + chips,
                chips=chips,
                all_in=chips == stack,
            )
        case "all_in" if not _anyone_to_answer(hand, seat):
            chips = min(max(owed, 0), stack)  # the rest nobody could match
            return BetMade(
                at=at,
                seat=seat,
                action="cover",
                to=bets + chips,
                chips=chips,
                all_in=chips == stack,
            )
        case "all_in":
            to = bets + stack
            if to > level:
                _may_raise_to(hand, seat, to, limits, short_allowed=True)
            action: Action = "all_in" if to <= level else "bet" if level == 0 else "raise"
            return BetMade(at=at, seat=seat, action=action, to=to, chips=stack, all_in=True)
        case "bet_to":
            to = command.to if command.to is not None else 0
            if type(to) is not int or to <= bets:
                raise InvalidInput("invalid-bet", f'"bet_to" is the seat\'s new total: > {bets}')
            if to - bets > stack:
                raise IllegalMove(
                    "not-enough-chips", f"seat {seat} has {stack} chips behind: go all in"
                )
            if to <= level:
                raise IllegalMove(
                    "bet-too-small", f"the bet is {level}: cover it, or raise above it"
                )
            all_in = to - bets == stack
            if not _anyone_to_answer(hand, seat):
                raise IllegalMove(
                    "nobody-to-raise", "every other seat still in is all in: cover, or fold"
                )
            _may_raise_to(hand, seat, to, limits, short_allowed=all_in)
            raised: Action = "bet" if level == 0 else "raise"
            return BetMade(at=at, seat=seat, action=raised, to=to, chips=to - bets, all_in=all_in)
    raise InvalidInput("invalid-bet", f"unknown action {command.action!r}")


def _anyone_to_answer(hand: BettingHand, seat: int) -> bool:
    """Another seat still in has chips behind: a bet or raise could be answered."""
    return any(s != seat and hand.stacks[s] > 0 for s in hand.live)


def _may_raise_to(
    hand: BettingHand, seat: int, to: int, limits: Limits, short_allowed: bool
) -> None:
    level = hand.level
    if not hand.may_raise(seat):
        raise IllegalMove(
            "betting-closed",
            "a short all-in did not reopen the betting for this seat: cover or fold (H5)",
        )
    if limits.cap is not None and level > 0 and hand.raises >= limits.cap:
        raise IllegalMove("raise-cap", f"{limits.cap} raises is the most in a round (H3)")
    if limits.most is not None and to > limits.most:
        raise IllegalMove("over-table-limit", f"a seat puts at most {limits.most} in a round (P4)")
    increment = to - level
    if limits.fixed is not None:
        if increment > limits.fixed or (increment < limits.fixed and not short_allowed):
            raise IllegalMove(
                "fixed-limit",
                f"at a limit table a bet or raise adds {limits.fixed}: bet_to "
                f"{level + limits.fixed}",
            )
        return
    if increment < hand.full_raise and not short_allowed:
        word = "bet" if level == 0 else "raise"
        raise IllegalMove(
            "raise-too-small",
            f"the least {word} is to {level + hand.full_raise} (P4, H4)",
        )
