"""A tournament of chips (design.md, "Competitions for every game"): its tables seated by the
drawn lot, each table's hands by the chips won and lost, levels by the hands dealt at that
table number, players out with their places, tables balanced and merged, the final table
to one player with every chip.

Pure: the caller folds the torneio's stream and appends the answer; every chip is in the
events, so the tournament replays and audits like a game.
"""

from collections.abc import Mapping
from datetime import datetime

from domain.chips import beyond_cover
from domain.competitions.alone import balanced
from domain.competitions.format import ChipsStage, Level
from domain.errors import InvalidInput, WrongStatus
from domain.tournament.events import (
    FixtureDecided,
    FixtureSpec,
    FixturesScheduled,
    PlayerOut,
    TableHandPlayed,
    TableMoved,
    TournamentEvent,
    TournamentFinished,
)
from domain.tournament.standings import Row
from domain.tournament.state import Fixture, Tournament, evolve


def stage_of(tournament: Tournament) -> ChipsStage:
    format_ = tournament.created.format
    stage = format_.chips if format_ is not None else None
    if stage is None:
        raise WrongStatus("not-a-tournament-of-chips", "this torneio is not a tournament of chips")
    return stage


def level_at(stage: ChipsStage, dealt: int) -> int:
    """The level (from 0) of the next hand at a table where `dealt` hands were dealt."""
    upto = 0
    for number, level in enumerate(stage.levels):
        upto += level.hands
        if dealt < upto:
            return number
    return len(stage.levels) - 1


def level_now(tournament: Tournament, table: int) -> Level:
    stage = stage_of(tournament)
    return stage.levels[level_at(stage, tournament.hands_at.get(table, 0))]


def opening(tournament: Tournament, at: datetime) -> list[TournamentEvent]:
    """Tables of at most `table` players, balanced, seated in the order of the drawn lot."""
    stage = stage_of(tournament)
    order = list(tournament.created.lot) or list(tournament.entered[0])
    count = -(-len(order) // stage.table)
    seating = [tuple(order[n::count]) for n in range(count)]
    assert [len(t) for t in seating] == balanced(len(order), count)
    return [_sessions(tournament, {n + 1: t for n, t in enumerate(seating)}, 1, at)]


def session_level(tournament: Tournament, fixture: Fixture) -> Level | None:
    """The forced bets of a table's session (None: not a table of chips)."""
    if fixture.table is None or fixture.level is None:
        return None
    return stage_of(tournament).levels[fixture.level]


def session_hand_annulled(hands: int) -> None:
    """G49: a hand of a table's session game counted in the torneio as it ended (G22): the
    game does not take it back, or the game's stacks and the torneio's chips part ways."""
    if hands:
        raise WrongStatus(
            "hand-counted",
            "a hand of a table's session counts in the tournament of chips as it ends: it is "
            "not annulled (a hand at the table with the chips the other way corrects it)",
        )


def open_tables(tournament: Tournament) -> dict[int, Fixture]:
    """Each table in play, by number: its session now."""
    return {
        f.table: f for f in tournament.fixtures if f.table is not None and f.status != "decided"
    }


def still_in(tournament: Tournament, fixture: Fixture) -> list[int]:
    out = {o.entrant for o in tournament.out}
    return [e for e in fixture.entrants if e not in out]


def hand(
    tournament: Tournament,
    table: int,
    net: Mapping[int, int],
    at: datetime,
    match_id: str | None = None,
) -> list[TournamentEvent]:
    """A hand at `table`: the chips each player still in won or lost (summing to 0, nobody
    losing more than they hold, nor winning or losing more than was covered); then who goes
    out, the moves, or the champion. `match_id`: the hand comes from the table's session
    game (G22), else from an organizer."""
    if tournament.finished:
        raise WrongStatus("tournament-finished", "the tournament is over: it has its champion")
    fixture = open_tables(tournament).get(table)
    if fixture is None:
        raise InvalidInput("unknown-table", f"no table {table} is in play")
    if fixture.match_id != match_id:
        if match_id is None:
            raise WrongStatus(
                "fixture-has-game", f"table {table} plays game {fixture.match_id}: its hands"
            )
        raise WrongStatus("not-the-fixtures-game", f"{match_id} is not table {table}'s session")
    playing = still_in(tournament, fixture)
    if set(net) - set(playing):
        raise InvalidInput("invalid-hand-result", f"table {table} seats entrants {playing}")
    if sum(net.values()) != 0:
        raise InvalidInput("invalid-hand-result", "the chips won and lost in a hand sum to 0")
    short = [e for e, won in net.items() if tournament.chips[e] + won < 0]
    if short:
        raise InvalidInput("invalid-hand-result", f"entrant {short[0]} loses more than its chips")
    uncovered = beyond_cover({e: tournament.chips[e] for e in playing}, net)
    if uncovered is not None:
        raise InvalidInput(
            "invalid-hand-result",
            f"entrant {uncovered} wins or loses more than its chips and the others' covered",
        )
    dealt = tournament.hands_at.get(table, 0)
    played = TableHandPlayed(
        at=at,
        fixture_id=fixture.id,
        table=table,
        hand=dealt + 1,
        level=level_at(stage_of(tournament), dealt),
        net=tuple(net.get(e, 0) for e in fixture.entrants),
    )
    events: list[TournamentEvent] = [played]
    after = evolve(tournament, played)
    broke = [e for e in playing if after.chips[e] == 0]
    left = sum(1 for e in after.chips if after.chips[e] > 0)
    for entrant in broke:  # G15: out at the same hand, they share the place
        events.append(
            PlayerOut(at=at, entrant=entrant, place=left + 1, table=table, hand=dealt + 1)
        )
    for event in events[1:]:
        after = evolve(after, event)
    if left == 1:
        return [*events, *_final(after, at)]
    moved = _rearranged(after, at)
    touched = {n for e in moved if isinstance(e, TableMoved) for _, a, b in e.moves for n in (a, b)}
    if fixture.match_id is None or fixture.table in touched:
        return [*events, *moved]
    for event in moved:
        after = evolve(after, event)
    return [*events, *moved, *_next_level(after, fixture, at)]


def _next_level(tournament: Tournament, fixture: Fixture, at: datetime) -> list[TournamentEvent]:
    """G22: a session played as a game keeps its level's blinds, so when the table's level
    rises its session ends and a new one starts, the same players with their chips."""
    assert fixture.table is not None
    stage = stage_of(tournament)
    if level_at(stage, tournament.hands_at.get(fixture.table, 0)) == fixture.level:
        return []
    players = tuple(still_in(tournament, fixture))
    number = max(f.round for f in tournament.fixtures) + 1
    return [
        _decided(tournament, fixture, at),
        _sessions(tournament, {fixture.table: players}, number, at),
    ]


def _final(tournament: Tournament, at: datetime) -> list[TournamentEvent]:
    events: list[TournamentEvent] = [
        _decided(tournament, f, at) for f in open_tables(tournament).values()
    ]
    champion = next(e for e, chips in tournament.chips.items() if chips > 0)
    places = [
        (champion, 1),
        *sorted(((o.entrant, o.place) for o in tournament.out), key=lambda i: (i[1], i[0])),
    ]
    return [*events, TournamentFinished(at=at, champion=champion, places=tuple(places))]


def _rearranged(tournament: Tournament, at: datetime) -> list[TournamentEvent]:
    """G16, G17: a table broken up when everyone fits in one table fewer (the one with the
    fewest players, the highest number on a tie; its players to the smallest tables, one
    at a time), else one player at a time from the largest table to the smallest while
    they differ by two (the last seated of the largest moves)."""
    size = stage_of(tournament).table
    tables = {n: still_in(tournament, f) for n, f in open_tables(tournament).items()}
    remaining = sum(len(p) for p in tables.values())
    moves: list[tuple[int, int, int]] = []
    reason = "balance"
    while len(tables) > 1 and remaining <= size * (len(tables) - 1):
        reason = "merge"
        broken = min(tables, key=lambda n: (len(tables[n]), -n))
        for entrant in tables.pop(broken):
            to = min(tables, key=lambda n: (len(tables[n]), n))
            tables[to].append(entrant)
            moves.append((entrant, broken, to))
    while tables:
        largest = max(tables, key=lambda n: (len(tables[n]), -n))
        smallest = min(tables, key=lambda n: (len(tables[n]), n))
        if len(tables[largest]) - len(tables[smallest]) < 2:
            break
        entrant = tables[largest].pop()
        tables[smallest].append(entrant)
        moves.append((entrant, largest, smallest))
    if not moves:
        return []
    touched = {n for _, a, b in moves for n in (a, b)}
    sessions = open_tables(tournament)
    events: list[TournamentEvent] = [TableMoved(at=at, reason=reason, moves=tuple(moves))]
    events += [_decided(tournament, sessions[n], at) for n in sorted(touched)]
    again = {n: tuple(tables[n]) for n in sorted(touched) if n in tables}
    number = max(f.round for f in tournament.fixtures) + 1
    return [*events, _sessions(tournament, again, number, at)]


def _decided(tournament: Tournament, fixture: Fixture, at: datetime) -> FixtureDecided:
    """A table's session ends: its entrants placed by their chips now (equal chips share)."""
    chips = [tournament.chips[e] for e in fixture.entrants]
    places = tuple(1 + sum(1 for other in chips if other > mine) for mine in chips)
    winner = fixture.entrants[places.index(1)]
    return FixtureDecided(
        at=at, fixture_id=fixture.id, winner=winner, match_id=fixture.match_id, places=places
    )


def _sessions(
    tournament: Tournament, seating: Mapping[int, tuple[int, ...]], number: int, at: datetime
) -> FixturesScheduled:
    specs = tuple(
        FixtureSpec(
            id=f"1.{number}.{table}",
            group=None,
            home=players[0],
            away=None,
            entrants=players,
            table=table,
            chips=tuple(tournament.chips[e] for e in players),
            level=level_at(stage_of(tournament), tournament.hands_at.get(table, 0)),
        )
        for table, players in seating.items()
    )
    return FixturesScheduled(at=at, stage=0, round=number, fixtures=specs)


def standings(tournament: Tournament) -> list[Row]:
    """Those still in by their chips (equal chips share), then those out by their place."""
    out = {o.entrant: o for o in tournament.out}
    inside = sorted(
        (e for e in tournament.chips if e not in out), key=lambda e: -tournament.chips[e]
    )
    final = dict(tournament.places)
    rows: list[Row] = []
    for entrant in inside:
        better = 1 + sum(1 for e in inside if tournament.chips[e] > tournament.chips[entrant])
        rows.append(_row(entrant, final.get(entrant, better), tournament.chips[entrant], None))
    for gone in sorted(tournament.out, key=lambda o: (o.place, o.entrant)):
        rows.append(_row(gone.entrant, gone.place, 0, gone.hand))
    return rows


def _row(entrant: int, place: int, chips: int, out_at: int | None) -> Row:
    values = {"chips": float(chips)}
    if out_at is not None:
        values["out_at"] = float(out_at)
    return Row(
        team=entrant,
        place=place,
        played=0,
        won=0,
        lost=0,
        byes=0,
        hands_for=0,
        hands_against=0,
        points_for=0,
        points_against=0,
        values=values,
    )
