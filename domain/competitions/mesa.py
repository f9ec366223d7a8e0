"""The amistoso mesa (seed 000): consecutive games at one table; who plays next.

"Se houver novo jogador, os perdedores pegam uma pedra cada e a maior/menor pedra faz dupla
com o entrante." After each game the winners keep their chairs; with nobody waiting the
same four play again; when someone waits, the two losers each draw a tile (posted, or drawn
by the service from a pile it committed to beforehand, like a deal), the higher (or lower,
as the mesa was opened) partners the newcomer, who takes the chair of the other loser, and
that one waits (docs/rules-decisions.md, G41-G47).

Pure: the games' seats and results, the time and any shuffled pile come in as arguments.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec
from msgspec.structs import replace

from domain.dominoes.rules import Rules
from domain.dominoes.tiles import DOUBLES, NUMBERS, PIPS, normalise
from domain.errors import InvalidInput, WrongStatus
from domain.match.rules import GameRules

DrawRule = Literal["higher", "lower"]
FINISHED = ("finished", "confirmed", "disputed")
"""A game whose result decides who stays (a disputed one stands for the seating, G46)."""


class MesaRules(msgspec.Struct, frozen=True, kw_only=True):
    draw: DrawRule = "higher"
    """Which tile partners the newcomer: the higher, or the lower."""


def check_mesa(kind: str, rules: GameRules) -> None:
    """G41: a mesa is an amistoso of dominoes (the arrival draw is of tiles), four seats."""
    if kind != "amistoso":
        raise InvalidInput("invalid-format", "only an amistoso is played as a mesa")
    if not isinstance(rules, Rules):
        raise InvalidInput("invalid-format", "a mesa's arrival draw is of tiles: a dominoes game")


def check_mesa_game(rules: GameRules, seats: int) -> None:
    """G41: a mesa's games are dominoes at its table of four, whatever rules a game asks:
    the arrival draw is of tiles, and the losers who draw are a partnership."""
    check_mesa("amistoso", rules)
    if seats != 4:
        raise InvalidInput("invalid-seats", "a mesa's table seats four: two partnerships")


class MesaEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    at: datetime


class PlayerArrived(MesaEvent, frozen=True, kw_only=True, tag="mesa_player_arrived"):
    player: str


class PileShuffled(MesaEvent, frozen=True, kw_only=True, tag="mesa_pile_shuffled"):
    """The 28 tiles face down, in an order the service drew, committed before any is
    drawn: `commitment` = sha256(salt || canonical JSON of the pile). The pile itself is
    kept out of the public history until it is revealed."""

    commitment: str
    pile: tuple[str, ...] | None = None


class TileDrawn(MesaEvent, frozen=True, kw_only=True, tag="mesa_tile_drawn"):
    match_id: str
    player: str
    tile: str
    by: Literal["posted", "server"]


class PileRevealed(MesaEvent, frozen=True, kw_only=True, tag="mesa_pile_revealed"):
    """The pile the server's draws came from, with its salt: anyone checks the commitment
    and that each tile drawn was the pile's next."""

    salt: str
    pile: tuple[str, ...]


class NextSeated(MesaEvent, frozen=True, kw_only=True, tag="mesa_next_seated"):
    """The draw after `match_id` decided: the next game's seats."""

    match_id: str
    seats: tuple[str, ...]
    newcomer: str
    partner: str
    waits: str


MesaUnion = PlayerArrived | PileShuffled | TileDrawn | PileRevealed | NextSeated
MESA_DECODER = msgspec.json.Decoder(MesaUnion)
MESA_TYPES = frozenset(str(k.__struct_config__.tag) for k in MesaUnion.__args__)


class LastGame(msgspec.Struct, frozen=True, kw_only=True):
    """The mesa's latest game, as the service read it."""

    match_id: str
    seats: tuple[str, ...]
    status: str
    winner: str | None
    """"A" (seats 0 and 2) or "B" (1 and 3)."""
    since: tuple[tuple[datetime, datetime | None, tuple[str, ...]], ...] = ()
    """The mesa's games created or ended since the first of those waiting began to wait
    (created, ended or None, its seats): a waiting player one of them seated has left the
    queue (G43)."""


class Mesa(msgspec.Struct, frozen=True, kw_only=True):
    rules: MesaRules
    waiting: tuple[str, ...] = ()
    waiting_since: tuple[datetime, ...] = ()
    """When each of `waiting` began to wait (arrived, or was left out by a draw)."""
    drawn: tuple[TileDrawn, ...] = ()
    seated: tuple[NextSeated, ...] = ()
    pile: tuple[str, ...] | None = None
    """The committed pile not yet revealed (as the service holds it), if any."""
    pile_used: int = 0


class Next(msgspec.Struct, frozen=True, kw_only=True):
    seats: tuple[str, ...] | None
    waiting: tuple[str, ...]
    draw_by: tuple[str, ...]
    status: Literal["open", "playing", "drawing", "ready"]


def evolve(mesa: Mesa, event: MesaEvent) -> Mesa:
    match event:
        case PlayerArrived():  # again, after a game seated them: waits from now on
            kept = [(p, t) for p, t in _waits(mesa) if p != event.player]
            return _waiting(mesa, [*kept, (event.player, event.at)])
        case PileShuffled():
            return replace(mesa, pile=event.pile, pile_used=0)
        case TileDrawn():
            used = mesa.pile_used + (event.by == "server")
            return replace(mesa, drawn=(*mesa.drawn, event), pile_used=used)
        case PileRevealed():
            return replace(mesa, pile=None, pile_used=0)
        case NextSeated():
            rest = [(p, t) for p, t in _waits(mesa) if p not in (*event.seats, event.waits)]
            after = _waiting(mesa, [*rest, (event.waits, event.at)])
            return replace(after, seated=(*mesa.seated, event))
    return mesa


def _waits(mesa: Mesa) -> list[tuple[str, datetime]]:
    return list(zip(mesa.waiting, mesa.waiting_since, strict=True))


def _waiting(mesa: Mesa, waits: list[tuple[str, datetime]]) -> Mesa:
    return replace(
        mesa, waiting=tuple(p for p, _ in waits), waiting_since=tuple(t for _, t in waits)
    )


def fold(mesa: Mesa, events: list[MesaEvent]) -> Mesa:
    for event in events:
        mesa = evolve(mesa, event)
    return mesa


def tile_order(tile: str) -> tuple[int, bool, int]:
    """G42: higher by its pips, then a double, then its higher end (a total order)."""
    return PIPS[tile], tile in DOUBLES, NUMBERS[tile][1]


def losers(game: LastGame) -> tuple[int, int]:
    return (1, 3) if game.winner == "A" else (0, 2)


def _done(mesa: Mesa, game: LastGame) -> NextSeated | None:
    return next((s for s in mesa.seated if s.match_id == game.match_id), None)


def _seated_since(mesa: Mesa, game: LastGame | None) -> set[str]:
    """G43: the waiting players a game of the mesa seated after they began to wait (G41
    lets a game be seated as the players agree), or that ended after it: an arrival taken
    while the game that seats them was not yet read (the read models lag a moment), or
    stamped by a clock a little ahead. They have left the queue. (A game in play seats
    them while it is the latest, `queue`; one left unfinished long ago, never.)"""
    if game is None:
        return set()
    return {
        player
        for player, since in _waits(mesa)
        for created, ended, seats in game.since
        if player in seats and (created > since or (ended is not None and ended > since))
    }


def queue(mesa: Mesa, game: LastGame | None) -> tuple[str, ...]:
    """Who waits for the chair a draw after `game` gives: those who arrived, less anyone
    with a chair at it or seated by a game since they began to wait."""
    if game is None:
        return mesa.waiting
    left = _seated_since(mesa, game)
    return tuple(p for p in mesa.waiting if p not in game.seats and p not in left)


def waiting_now(mesa: Mesa, game: LastGame | None) -> tuple[str, ...]:
    """Who waits now: once the draw after `game` seated the next game, the loser it left
    out too (its chair was in `game`)."""
    done = None if game is None else _done(mesa, game)
    if done is None:
        return queue(mesa, game)
    left = _seated_since(mesa, game)
    return tuple(p for p in mesa.waiting if p not in left)


def next_of(mesa: Mesa, game: LastGame | None) -> Next:
    """Who plays the next game, as far as it is known."""
    waiting = queue(mesa, game)
    if game is None:
        return Next(seats=None, waiting=waiting, draw_by=(), status="open")
    if game.status not in FINISHED or game.winner is None:
        return Next(seats=None, waiting=waiting, draw_by=(), status="playing")
    done = _done(mesa, game)
    if done is not None:
        return Next(seats=done.seats, waiting=waiting_now(mesa, game), draw_by=(), status="ready")
    if not waiting:
        return Next(seats=game.seats, waiting=(), draw_by=(), status="ready")
    drew = {d.player for d in mesa.drawn if d.match_id == game.match_id}
    owing = tuple(game.seats[s] for s in losers(game) if game.seats[s] not in drew)
    return Next(seats=None, waiting=waiting, draw_by=owing, status="drawing")


def arrive(mesa: Mesa, game: LastGame | None, player: str, at: datetime) -> list[MesaEvent]:
    """G43: a player waits once, and never while they have a chair at the mesa: in its
    latest game (in play or over) or in the next game's seats."""
    if game is not None:
        done = _done(mesa, game)
        chairs = done.seats if done is not None else game.seats
        if player in chairs:
            raise WrongStatus("already-seated", "this player has a chair at the mesa's table")
    if player in waiting_now(mesa, game):
        raise WrongStatus("already-waiting", "this player is already waiting at the mesa")
    return [PlayerArrived(at=at, player=player)]


def draw(
    mesa: Mesa, game: LastGame | None, player: str, tile: str | None, at: datetime
) -> list[MesaEvent]:
    """A loser draws (`tile` posted, or None: the pile's next); the second draw seats the
    next game (and reveals the pile, when the server drew from it)."""
    state = next_of(mesa, game)
    if game is None or state.status in ("open", "playing"):
        raise WrongStatus("no-draw-due", "the mesa's game is not over: nobody draws yet")
    if state.status == "ready":
        raise WrongStatus("no-draw-due", "nobody draws: the next game's seats are known")
    if player not in (game.seats[s] for s in losers(game)):
        raise InvalidInput("not-a-loser", "only the two losers of the last game draw a tile")
    if player not in state.draw_by:
        raise WrongStatus("already-drawn", "this player has drawn already")
    before = [d for d in mesa.drawn if d.match_id == game.match_id]
    by: Literal["posted", "server"] = "posted" if tile is not None else "server"
    if before and before[0].by != by:
        raise InvalidInput(
            "draw-mixed", "both losers draw the same way: both posted, or both by the server"
        )
    if tile is None:
        if mesa.pile is None:
            raise WrongStatus("no-pile", "no pile was committed: post the tile drawn")
        tile = mesa.pile[mesa.pile_used]
    else:
        tile = normalise(tile)
        if any(d.tile == tile for d in before):
            raise InvalidInput("tile-taken", f"{tile} was drawn by the other loser")
    drawn = TileDrawn(at=at, match_id=game.match_id, player=player, tile=tile, by=by)
    if not before:
        return [drawn]
    return [drawn, _seated(mesa, game, [before[0], drawn], at)]


def _seated(mesa: Mesa, game: LastGame, draws: list[TileDrawn], at: datetime) -> NextSeated:
    ordered = sorted(draws, key=lambda d: tile_order(d.tile), reverse=mesa.rules.draw == "higher")
    partner, waits = ordered[0].player, ordered[1].player
    newcomer = queue(mesa, game)[0]
    seats = tuple(newcomer if p == waits else p for p in game.seats)
    return NextSeated(
        at=at, match_id=game.match_id, seats=seats, newcomer=newcomer, partner=partner, waits=waits
    )


def needs_pile(mesa: Mesa) -> bool:
    """Someone waits and no committed pile is ready for the next draw."""
    return bool(mesa.waiting) and mesa.pile is None
