"""What a game looks like from outside: the state and history, with unplayed tiles hidden.

While a hand is in progress its unplayed tiles are secret: a seated player sees only their
own (none of a blind hand), whoever posted the deal sees all, everyone else none: not an
organizer, nor an administrator (design.md, "Secrets in the history"). Once the hand ends,
everything about it is public.
"""

from __future__ import annotations

import functools
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, Union

import msgspec
from litestar.serialization import encode_json
from msgspec import Meta

from domain import GAMES, HandResult, Match, PerTeam, TrickHand, game_of
from domain.match.bodies import HandView as GameHand
from domain.match.bodies import Seen, TeamPair
from service.http.matches.described import described
from service.http.matches.dispute_view import STALE_AFTER, DisputeOut, dispute_out, is_stale
from service.store.matches import MatchRecord

if TYPE_CHECKING:
    HandView = GameHand
else:  # every registered game's own hand, told apart by its "game"
    HandView = Union[tuple(game.bodies.hand for game in GAMES)]  # noqa: UP007


class RaiseOut(msgspec.Struct, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(description="Who raised.")]
    value: Annotated[int, Meta(description="What the raise asked for: 3, 6, 9 or 12.")]


class HandOut(msgspec.Struct, frozen=True, kw_only=True):
    number: Annotated[int, Meta(description="The hand's number.")]
    outcome: Annotated[str, Meta(description="batida, bloqueio, empate or penalty.")]
    kind: Annotated[str | None, Meta(description="simples, carroca, la-e-lo, cruzada.")]
    winner: Annotated[str | None, Meta(description="The team that won it.")]
    points: Annotated[int, Meta(description="Points scored, tie bonus included.")]
    bonus_applied: Annotated[int, Meta(description="Of which, from an earlier empate.")]
    sums: Annotated[TeamPair | None, Meta(description="Pips left per team, when counted.")]
    by_seat: Annotated[int | None, Meta(description="Who went out, blocked or offended.")]
    opener: Annotated[int | None, Meta(description="The seat that opened it.")]
    recorded_as: Annotated[str, Meta(description="plays (move by move) or result.")]
    started_at: Annotated[datetime, Meta(description="Start of the hand.")]
    ended_at: Annotated[datetime, Meta(description="End of the hand.")]
    dealer: Annotated[int | None, Meta(description="Cards: the seat that dealt it.")] = None
    card_points: Annotated[TeamPair | None, Meta(description=described("hand.card_points"))] = None
    tricks: Annotated[TeamPair | None, Meta(description=described("hand.tricks"))] = None
    raises: Annotated[list[RaiseOut] | None, Meta(description=described("hand.raises"))] = None
    scores: Annotated[
        dict[str, int] | None,
        Meta(
            description=described(
                "hand.scores",
                "What each side scored in the hand, when more than one side scores one; "
                "null: the winner scored `points`.",
            )
        ),
    ] = None
    details: Annotated[
        dict[str, Any] | None,
        Meta(description=described("hand.details", "The game's own facts of the hand.")),
    ] = None


class ConfirmationOut(msgspec.Struct, frozen=True):
    by: Annotated[str, Meta(description="organizer, or the team that confirmed.")]
    actor: Annotated[str, Meta(description="Who confirmed.")]
    at: Annotated[datetime, Meta(description="When.")]


class MatchState(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The game's id.")]
    version: Annotated[int, Meta(description="Its number of events; send it as If-Match.")]
    status: Annotated[
        str,
        Meta(
            description="in_progress, finished, confirmed, cancelled, disputed (until an "
            "organizer settles it) or annulled (a ruling voided it)."
        ),
    ]
    game: Annotated[
        str,
        Meta(description="The game: " + ", ".join(g.name for g in GAMES) + "."),
    ]
    rules: Annotated[dict[str, Any], Meta(description="The effective rules of this game.")]
    seats: Annotated[list[str], Meta(description="Player ids in order of play.")]
    score: Annotated[
        dict[str, int],
        Meta(
            description='Points per side: {"A": n, "B": m} (A: seats 0 and 2, B: 1 and 3), '
            'or per seat at a table played alone: {"0": n, "1": m, ...}.'
        ),
    ]
    winner: Annotated[
        str | None,
        Meta(
            description="The winning side, once finished; null while in play or when the "
            "first place is shared."
        ),
    ]
    places: Annotated[
        list[list[str]] | None,
        Meta(
            description="Once finished: every side, best first; a tie shares a place: "
            '[["1"], ["0", "3"], ["2"]] (partnerships: [["A"], ["B"]]).'
        ),
    ] = None
    turn: Annotated[int | None, Meta(description="The seat to play, or null.")]
    hand: Annotated[
        HandView | None,
        Meta(
            description="The hand in progress, as the reader may see it, or null: its game's "
            "own (`game`)."
        ),
    ]
    hands: Annotated[list[HandOut], Meta(description="Finished hands, in order.")]
    pending_bonus: Annotated[int, Meta(description="Points an empate adds to the next win.")]
    next_dealer: Annotated[
        int | None,
        Meta(description="Cards: the seat due to deal the next hand (null: any, the first)."),
    ] = None
    confirmations: Annotated[list[ConfirmationOut], Meta(description="Who confirmed.")]
    closing: Annotated[
        list[int] | None,
        Meta(
            description="A game played as a session (the betting games): the seats whose "
            "players asked to close it since the last hand (P17); it closes when every seat "
            "has. Null in the other games."
        ),
    ] = None
    counts_for: Annotated[
        list[int] | None,
        Meta(
            description="Once confirmed: the seats whose players consented (their side "
            "confirmed, or an organizer of a competition they joined did), for whom the game "
            "counts in rankings, statistics and ratings. The others' records ignore it, and "
            "their side may still confirm it."
        ),
    ] = None
    competition_id: Annotated[str | None, Meta(description="Its competition, if any.")]
    stage: Annotated[str | None, Meta(description="Its torneio stage, if any.")]
    place: Annotated[str | None, Meta(description="Where it is played.")]
    notes: Annotated[str, Meta(description="Free notes.")]
    created_by: Annotated[str, Meta(description="The scorekeeper who created it.")]
    created_at: Annotated[datetime | None, Meta(description="When it was created.")]
    started_at: Annotated[datetime | None, Meta(description="When the first hand began.")]
    finished_at: Annotated[datetime | None, Meta(description="When it finished.")]
    stale: Annotated[
        bool,
        Meta(
            description="Finished but unconfirmed for longer than DOMINO_DISPUTE_DAYS (7): "
            "it counts for nobody until it is confirmed."
        ),
    ] = False
    dispute: Annotated[
        DisputeOut | None,
        Meta(
            description="A seated player's dispute (status `disputed` until an organizer "
            "settles it; `annulled` when the ruling voids the game), or null."
        ),
    ] = None


def visible_seats(record: MatchRecord, viewer: str | None, revealed: bool | None = False) -> Seen:
    """The seats whose hand in progress this reader sees (design.md, "Secrets in the
    history"): whoever posted the deal sees them all; a seated player their own, unless the
    hand is played blind (Truco's mão de ferro, T3); nobody else, whatever their role: a
    deal made by the server is seen by each seat's player alone. `revealed`: the hand has
    ended since, and all of it is public (None: ended, its secrets kept: own seats only)."""
    if revealed is None:
        return frozenset(s for s, player in enumerate(record.state.seats) if player == viewer)
    if revealed or (viewer is not None and viewer == record.dealer):
        return frozenset(range(len(record.state.seats)))
    hand = record.state.hand
    if viewer is None or (isinstance(hand, TrickHand) and hand.blind):
        return frozenset()
    return frozenset(s for s, player in enumerate(record.state.seats) if player == viewer)


_DETAILS = msgspec.json.Decoder(dict[str, Any])


Offsets = tuple[timedelta | None, timedelta | None]


def _offsets(result: HandResult) -> Offsets:
    """The UTC offsets its times were sent with. Aware datetimes at one instant are equal
    whatever their offsets, so two equal hands sent with other offsets would share one
    cached view, and a game's answer would show another game's offset: they key it too."""
    return result.started_at.utcoffset(), result.ended_at.utcoffset()


@functools.lru_cache(maxsize=16_384)
def _hand_out(result: HandResult, offsets: Offsets) -> HandOut:
    """A finished hand never changes: each is built once, not again on every answer of its
    game (a game's answers repeat every hand before the one in play). `offsets` is only
    the cache's key (`_offsets`)."""
    sums = None if result.sums is None else TeamPair(result.sums.A, result.sums.B)
    return HandOut(
        number=result.number,
        outcome=result.outcome,
        kind=result.kind,
        winner=result.winner,
        points=result.points,
        bonus_applied=result.bonus_applied,
        sums=sums,
        by_seat=result.by_seat,
        opener=result.opener,
        recorded_as=result.recorded_as,
        started_at=result.started_at,
        ended_at=result.ended_at,
        dealer=result.dealer,
        card_points=_score(result.card_points),
        tricks=_score(result.tricks),
        raises=[RaiseOut(seat=r.seat, value=r.value) for r in result.raises] or None,
        scores=dict(result.scores) or None,
        details=None if result.details is None else _DETAILS.decode(result.details),
    )


@functools.lru_cache(maxsize=16_384)
def _hand_json(result: HandResult, offsets: Offsets) -> bytes:
    """A finished hand's JSON, as the answers write it: encoded once, not on every answer."""
    return encode_json(_hand_out(result, offsets))


class _Finished(NamedTuple):
    hands: tuple[HandResult, ...]
    views: list[HandOut]
    encoded: list[bytes]


_FINISHED_KEPT = 4_096
_finished: dict[int, _Finished] = {}
"""The finished hands of recent games, by the identity of their state's tuple: it stays the
same object from one move to the next until a hand ends."""


def _kept(hands: tuple[HandResult, ...]) -> _Finished:
    """Each answer of a game lists all its finished hands, and even a cached hand is hashed
    whole to be found (`_hand_out`): a long session's answers hashed every hand before the
    one in play, on every move (issue 34). Here they are found by the tuple's identity."""
    kept = _finished.get(id(hands))
    if kept is None or kept.hands is not hands:
        offsets = [_offsets(h) for h in hands]
        views = [_hand_out(h, o) for h, o in zip(hands, offsets, strict=True)]
        encoded = [_hand_json(h, o) for h, o in zip(hands, offsets, strict=True)]
        kept = _Finished(hands, views, encoded)
        if len(_finished) >= _FINISHED_KEPT:
            _finished.pop(next(iter(_finished)), None)
        _finished[id(hands)] = kept
    return kept


def _hands_out(hands: tuple[HandResult, ...]) -> list[HandOut]:
    """Every finished hand, as a fresh list."""
    return list(_kept(hands).views) if hands else []


def state_json(body: MatchState, hands: tuple[HandResult, ...]) -> bytes:
    """`body` as `encode_json` writes it, `hands` being the finished hands it lists: each
    hand's JSON is joined from what was encoded when it ended, where encoding them all again
    cost a long session's every answer about a millisecond at 300 hands (bench/answers.py)."""
    if not hands:
        return encode_json(body)
    listed = msgspec.Raw(b"[" + b",".join(_kept(hands).encoded) + b"]")
    return encode_json(msgspec.structs.replace(body, hands=listed))  # encoded, not read


def _score(pair: PerTeam | None) -> TeamPair | None:
    return None if pair is None else TeamPair(pair.A, pair.B)


def match_state(
    match_id: str,
    version: int,
    state: Match,
    seen: frozenset[int],
    stale_after: timedelta = STALE_AFTER,
) -> MatchState:
    game = game_of(state.rules) if state.rules else None
    hand = None
    if state.hand is not None and game is not None:
        hand = game.bodies.view(state.hand, seen)
    return MatchState(
        id=match_id,
        version=version,
        status=state.status,
        game=game.name if game else "",
        rules=msgspec.to_builtins(state.rules) if state.rules else {},
        seats=list(state.seats),
        score={side: state.score.get(side, 0) for side in state.table.sides},
        winner=state.winner,
        places=[list(p) for p in state.places] if state.places else None,
        turn=state.turn,
        hand=hand,
        hands=_hands_out(state.hands),
        pending_bonus=state.pending_bonus,
        next_dealer=state.next_dealer,
        confirmations=[ConfirmationOut(c.by, c.actor, c.at) for c in state.confirmations],
        closing=list(state.closing) if game is not None and game.family == "betting" else None,
        counts_for=list(state.counts_for) if state.status == "confirmed" else None,
        competition_id=state.competition_id,
        stage=state.stage,
        place=state.place,
        notes=state.notes,
        created_by=state.created_by,
        created_at=state.created_at,
        started_at=state.started_at,
        finished_at=state.finished_at,
        stale=is_stale(state, stale_after),
        dispute=dispute_out(state),
    )


def over_now(past: MatchRecord, current: MatchRecord) -> bool | None:
    """A hand in progress at a past version that has ended since: all of it is public (True),
    but in a game that keeps its secrets past the hand (None: poker, where a folded hand is
    never shown; each player sees their own seat, nobody more)."""
    then, latest = past.state.hand, current.state.hand
    if then is None or past.version == current.version:
        return False
    ended = latest is None or (latest.number, latest.started_at) != (then.number, then.started_at)
    rules = past.state.rules
    if ended and rules is not None and game_of(rules).revealed is not None:
        return None
    return ended
