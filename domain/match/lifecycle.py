"""Decisions on any game as a whole: create, abandon, annul a hand, confirm."""

from domain.errors import InvalidInput, WrongStatus
from domain.match.commands import Abandon, AnnulHand, Cancel, Confirm, CreateMatch
from domain.match.events import (
    ConfirmationRecorded,
    ConsentGiven,
    Event,
    HandAnnulled,
    MatchAbandoned,
    MatchCancelled,
    MatchConfirmed,
    MatchCreated,
    MatchReopened,
)
from domain.match.finish import abandoned_by_points, match_finished
from domain.match.game import Game
from domain.match.guards import no_hand_in_progress
from domain.match.rules import GameRules
from domain.match.state import Match
from domain.table import Side, Table


def create_match(command: CreateMatch, rules: GameRules) -> list[Event]:
    """A new game with these rules (the command's preset and overrides, resolved by the
    registry, whose game has checked the number of seats)."""
    seats = command.seats
    if not all(isinstance(p, str) and p for p in seats) or len(set(seats)) != len(seats):
        raise InvalidInput("invalid-seats", "a game seats distinct players, in order of play")
    if command.stage is not None and command.competition_id is None:
        raise InvalidInput("stage-outside-competition", "only a competition's game has a stage")
    if command.stage is not None and not 1 <= len(command.stage.strip()) <= 50:
        raise InvalidInput("invalid-stage", "a stage is named in 1 to 50 characters")
    return [
        MatchCreated(
            at=command.at,
            rules=rules,
            seats=tuple(seats),
            created_by=command.actor,
            place=command.place,
            notes=command.notes,
            competition_id=command.competition_id,
            stage=command.stage.strip() if command.stage is not None else None,
            fixture_id=command.fixture_id,
        )
    ]


def cancel(command: Cancel, state: Match) -> list[Event]:
    """Before its confirmation a game created by mistake is void (D27)."""
    return [MatchCancelled(at=command.at, by=command.actor)]


def abandon(command: Abandon, state: Match, game: Game) -> list[Event]:
    """D11: at a table of two sides, the other side wins. C12: at a table of more, the
    abandoning seat takes the last place and the game ends, the others placed by the game's
    own order as it stands (its hand in progress, if any, is dropped, as in D11)."""
    side = _abandoning_side(command, state.table)
    abandoned = MatchAbandoned(at=command.at, team=side, seat=command.seat)
    if len(state.table.sides) == 2:
        winner = next(s for s in state.table.sides if s != side)
        return [abandoned, match_finished(state, winner, command.at, abandoned=True)]
    places_of = game.abandoned or abandoned_by_points
    places = places_of(state, side)
    first = places[0][0] if len(places[0]) == 1 else None
    return [abandoned, match_finished(state, first, command.at, abandoned=True, places=places)]


def _abandoning_side(command: Abandon, table: Table) -> Side:
    side = None if command.team is None else table.check_side(command.team)
    if command.seat is not None:
        by_seat = table.side_of(table.check_seat(command.seat))
        if side not in (None, by_seat):
            raise InvalidInput("invalid-team", f"seat {command.seat} is not in team {side}")
        side = by_seat
    if side is None:
        what = "team (or the seat of who left)" if table.partnerships else "seat"
        raise InvalidInput("invalid-team", f"say which {what} abandons")
    return side


def annul_hand(command: AnnulHand, state: Match) -> list[Event]:
    """The last finished hand, while no hand is in progress (D13)."""
    if state.abandoned_by is not None:
        raise WrongStatus("match-finished", "the game ended by abandonment: no hand to annul")
    no_hand_in_progress(state)
    if not state.hands:
        raise WrongStatus("nothing-to-annul", "no finished hand to annul")
    last = state.hands[-1].number
    if command.number != last:
        raise WrongStatus("not-last-hand", f"only the last finished hand ({last}) can be annulled")
    events: list[Event] = [HandAnnulled(at=command.at, number=last)]
    if state.status == "finished":
        events.append(MatchReopened(at=command.at))
    return events


def confirm(command: Confirm, state: Match) -> list[Event]:
    """A player of each side, or an organizer, makes a finished game final (D15). It counts
    for each player who confirmed it themselves and, when an organizer confirms, for the
    players who joined the competition (design.md, "Who may make a game count"): a
    partner's confirmation is theirs alone, since whoever seats a game chooses the partners."""
    if state.status != "finished":
        raise WrongStatus("match-not-finished", "only a finished game can be confirmed")
    by = command.by
    recorded = ConfirmationRecorded(at=command.at, by=by, actor=command.actor)
    consented = consenting_seats(state)
    if by == "organizer":
        counted = consented | {state.table.check_seat(seat) for seat in command.members}
        return [recorded, MatchConfirmed(at=command.at, counts_for=tuple(sorted(counted)))]
    seat = _own_seat(command, state)
    if seat in consented:
        raise WrongStatus("already-confirmed", f"{command.actor!r} has already confirmed this game")
    sides = {c.by for c in state.confirmations} | {by}
    if not set(state.table.sides) <= sides:
        return [recorded]
    counted = consented | {seat}
    return [recorded, MatchConfirmed(at=command.at, counts_for=tuple(sorted(counted)))]


def consent_after(command: Confirm, state: Match) -> list[Event]:
    """A player who did not consent when the game was confirmed confirms it later: the
    result stays as it is, and the game now counts for them too."""
    if command.by == "organizer":
        raise WrongStatus("match-confirmed", "the game is confirmed: its record is final")
    seat = _own_seat(command, state)
    if seat in state.counts_for:
        raise WrongStatus("match-confirmed", "the game is confirmed, and counts for you already")
    return [
        ConfirmationRecorded(at=command.at, by=command.by, actor=command.actor),
        ConsentGiven(at=command.at, seats=(seat,)),
    ]


def consenting_seats(state: Match) -> set[int]:
    """The seats whose players confirmed the game themselves (since it last finished)."""
    actors = {c.actor for c in state.confirmations if c.by != "organizer"}
    return {seat for seat, player in enumerate(state.seats) if player in actors}


def _own_seat(command: Confirm, state: Match) -> int:
    """The confirming player's seat, on the side they confirm for."""
    for seat in state.table.seats_of(state.table.check_side(command.by)):
        if state.seats[seat] == command.actor:
            return seat
    raise InvalidInput("not-on-team", f"{command.actor!r} does not play in team {command.by}")
