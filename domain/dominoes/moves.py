"""Decisions on a hand played move by move: start it, play, pass, take a move back."""

from domain.dominoes import board
from domain.dominoes.commands import Pass, PlayTile, StartHand
from domain.dominoes.deal import check_deal, too_many_doubles
from domain.dominoes.events import DealVoided, HandStarted, Passed, TilePlayed
from domain.dominoes.hand import Hand
from domain.dominoes.opener import choose_opener
from domain.dominoes.rules import Rules
from domain.dominoes.scoring import batida_kind, batida_points, block_outcome
from domain.dominoes.tiles import normalise
from domain.errors import TellsAHand, WrongStatus
from domain.match.commands import UndoLastMove
from domain.match.events import Event, HandEnded, MoveUndone
from domain.match.finish import hand_ended, then_finish
from domain.match.guards import check_turn, hand_of, no_hand_in_progress
from domain.match.state import Match
from domain.table import End, check_seat, other, team_of


def start_hand(command: StartHand, state: Match, rules: Rules) -> list[Event]:
    no_hand_in_progress(state)
    hands, dorme = check_deal(rules, command.hands, command.dorme)
    number = len(state.hands) + 1
    void = too_many_doubles(rules, hands)
    if void is not None:
        seat, doubles = void
        return [
            DealVoided(
                at=command.at, number=number, seat=seat, doubles=doubles, hands=hands, dorme=dorme
            )
        ]
    opener, tile = choose_opener(rules, state.next_opener, hands)
    return [
        HandStarted(
            at=command.at, number=number, opener=opener, opening_tile=tile, hands=hands, dorme=dorme
        )
    ]


def play_tile(command: PlayTile, state: Match, rules: Rules) -> list[Event]:
    hand = hand_of(state, Hand)
    seat, tile = check_seat(command.seat), normalise(command.tile)
    check_turn(state, seat)
    if tile not in hand.hands[seat]:
        raise TellsAHand("tile-not-in-hand", f"seat {seat} does not hold {tile}")
    end = choose_end(hand, tile, command.end)
    played = TilePlayed(at=command.at, seat=seat, tile=tile, end=end)
    ended = _hand_end(state, rules, hand, played)
    if ended is None:
        return [played]
    return then_finish(state, [played, ended], command.at)


def _hand_end(state: Match, rules: Rules, hand: Hand, played: TilePlayed) -> HandEnded | None:
    """A batida when the seat has emptied its hand (even on a blocking tile, D18), else a
    block when nobody can play."""
    seat, tile = played.seat, played.tile
    going_out = len(hand.hands[seat]) == 1
    ends = board.open_ends(hand.ends, tile, played.end)
    if not going_out and not board.is_blocked(hand.hands, ends, played=tile):
        return None
    sums = board.team_sums(board.place(hand, seat, tile, played.end).hands)
    if not going_out:
        outcome, winner, base = block_outcome(rules, sums, seat)
        return hand_ended(
            state, outcome=outcome, winner=winner, base=base, sums=sums, by_seat=seat, at=played.at
        )
    kind = batida_kind(tile, hand.ends) if hand.ends else "simples"
    team = team_of(seat)
    return hand_ended(
        state,
        outcome="batida",
        kind=kind,
        winner=team,
        base=batida_points(rules, kind, sums.of(other(team))),
        sums=sums,
        by_seat=seat,
        at=played.at,
    )


def choose_end(hand: Hand, tile: str, end: End | None) -> End | None:
    """The end the tile goes on; refuses a tile that does not fit, or an unsaid choice (D2)."""
    if hand.ends is None:
        if hand.opening_tile is not None and tile != hand.opening_tile:
            raise TellsAHand("wrong-opening-tile", f"this hand opens with {hand.opening_tile}")
        return None
    fitting = board.fitting_ends(hand.ends, tile)
    ends = f"{hand.ends.left} (left) and {hand.ends.right} (right)"
    if not fitting or (end is not None and end not in fitting):
        where = f"the {end} end" if end is not None else "either end"
        raise TellsAHand("tile-does-not-fit", f"{tile} does not fit {where}; open ends: {ends}")
    if end is None and len(fitting) == 2:
        raise TellsAHand("end-required", f"{tile} fits both ends ({ends}): say 'left' or 'right'")
    return end if end is not None else fitting[0]


def pass_turn(command: Pass, state: Match) -> list[Event]:
    hand = hand_of(state, Hand)
    seat = check_seat(command.seat)
    check_turn(state, seat)
    refuse_if_can_play(hand, seat)
    return [Passed(at=command.at, seat=seat)]


def refuse_if_can_play(hand: Hand, seat: int) -> None:
    if board.can_play(hand.hands[seat], hand.ends):
        raise TellsAHand(
            "must-play",
            f"seat {seat} holds a tile that fits and must play it; a pass made anyway at the "
            "table is recorded as an 'irregular-pass' penalty",
        )


def undo(command: UndoLastMove, state: Match) -> list[Event]:
    if not isinstance(state.hand, Hand) or not state.hand.moves:
        raise WrongStatus(
            "nothing-to-undo",
            "no move to undo in a hand in progress; a move that ended a hand is corrected "
            "by annulling the hand",
        )
    last = state.hand.moves[-1]
    return [MoveUndone(at=command.at, seat=last.seat, tile=last.tile)]
