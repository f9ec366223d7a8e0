"""A game replayed event by event: the public state after step N (the same view
`GET /v1/matches/{id}/events?at=N` answers a reader without a token) and what step N did.
A hand still in progress keeps its unplayed tiles and cards hidden at every step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from litestar.datastructures import State

from domain.cards.cards import SUIT_NAMES
from domain.games import DEFAULT_GAME, game_of
from projections.games import read_side
from projections.games.base import Named, Narrator, plural, shown
from service.pages.formatting import OUTCOMES, label
from service.reads.history.events import public_events
from service.reads.matches.state import MatchState, public_state
from service.store.event_store import EventStore
from service.store.matches import Matches, MatchRecord, stream_of

EVENTS = {
    "match_created": "partida criada",
    "move_undone": "jogada desfeita",
    "hand_ended": "mão terminada",
    "penalty_recorded": "penalidade registrada",
    "match_abandoned": "partida abandonada",
    "match_finished": "partida terminada",
    "hand_annulled": "mão anulada",
    "match_reopened": "partida reaberta",
    "confirmation_recorded": "confirmação registrada",
    "consent_given": "consentimento registrado",
    "match_confirmed": "partida confirmada",
    "match_cancelled": "partida cancelada",
    "cards_dealt": "cartas distribuídas",
    "stock_dealt": "cartas distribuídas",
    "stock_restocked": "o lixo foi embaralhado: é o novo monte",
}
"""The events every game shares, and those of the engines several games share (tricks, a
stock), that a sentence without a seat tells; a game's own events are told by its read side
(`Labels.events`)."""


class Step(NamedTuple):
    number: int
    last: int
    state: MatchState
    description: str


def _cards(data: Mapping[str, Any]) -> str:
    return " ".join(shown(c) for c in data.get("cards") or () if c)


def _card_played(data: Mapping[str, Any], who: Named) -> str:
    if data.get("card") is None:
        return f"{who(data.get('seat'))} jogou uma carta coberta"
    covered = " coberta" if data.get("covered") else ""
    return f"{who(data.get('seat'))} jogou {shown(data['card'])}{covered}"


def _drawn(data: Mapping[str, Any], who: Named) -> str:
    """A card drawn from the stock stays hidden: only its count is told."""
    if data.get("source") == "pile":
        return f"{who(data.get('seat'))} pegou do lixo: {_cards(data)}"
    count = data.get("count", 1)
    return f"{who(data.get('seat'))} comprou {plural(count, 'carta', 'cartas')} do monte"


def _discarded(data: Mapping[str, Any], who: Named) -> str:
    named = data.get("suit")
    suit = f", pede {SUIT_NAMES.get(named, named)}" if named else ""
    return f"{who(data.get('seat'))} descartou {shown(data.get('card'))}{suit}"


def _side(side: object, who: Named) -> str:
    """A side as the replay says it: a partnership ("dupla A") or a seat's player."""
    if side in ("A", "B"):
        return f"dupla {side}"
    return who(int(side)) if isinstance(side, str) and side.isdigit() else who(side)


def _hand_ended(data: Mapping[str, Any], who: Named) -> str:
    number = data.get("number")
    said = f"mão {number} terminada" if isinstance(number, int) else "mão terminada"
    outcome = data.get("outcome")
    how = f" ({label(OUTCOMES, outcome)})" if isinstance(outcome, str) else ""
    winner, points = data.get("winner"), data.get("points")
    if winner is None:
        return said + how
    if winner in ("A", "B") and points:  # a game alone counts each seat's points apart
        return f"{said}{how}: {_side(winner, who)} ganha {plural(points, 'ponto', 'pontos')}"
    return f"{said}{how}: {_side(winner, who)} vence a mão"


def _finished(data: Mapping[str, Any], who: Named) -> str:
    winner = data.get("winner")
    return "partida terminada" + (f": vence {_side(winner, who)}" if winner is not None else "")


def _abandoned(data: Mapping[str, Any], who: Named) -> str:
    seat, side = data.get("seat"), data.get("team")
    by = who(seat) if isinstance(seat, int) else _side(side, who) if side is not None else ""
    return "partida abandonada" + (f" por {by}" if by else "")


def _undone(data: Mapping[str, Any], who: Named) -> str:
    taken = data.get("tile") or (shown(data["card"]) if data.get("card") else "")
    return f"jogada desfeita: {who(data.get('seat'))} retoma" + (
        f" {taken}" if taken else " a jogada"
    )


def _disputed(data: Mapping[str, Any], who: Named) -> str:
    return f"{who(data.get('seat'))} contestou o resultado: a partida não conta até a decisão"


def _settled(data: Mapping[str, Any], _: Named) -> str:
    if data.get("decision") == "annul":
        return "contestação decidida: partida anulada"
    return "contestação decidida: resultado confirmado"


SHARED: dict[str, Narrator] = {
    "match_disputed": _disputed,
    "dispute_settled": _settled,
    "match_abandoned": _abandoned,
    "move_undone": _undone,
    "hand_ended": _hand_ended,
    "match_finished": _finished,
    "card_played": _card_played,
    "cards_drawn": _drawn,
    "card_discarded": _discarded,
    "turn_passed": lambda data, who: f"{who(data.get('seat'))} passou a vez",
    "penalty_recorded": lambda data, who: (
        "penalidade registrada"
        + (f" contra {who(data['seat'])}" if isinstance(data.get("seat"), int) else "")
    ),
}


def narration(game: str, kind: str) -> Narrator | None:
    """How the replay tells an event of this type in this game (None: it has no words)."""
    told = read_side(game).labels.events.get(kind) or SHARED.get(kind)
    if told is None and kind in EVENTS:
        words = EVENTS[kind]
        return lambda data, who: words
    return told


def describe(kind: str, data: Mapping[str, Any], seats: list[str], game: str) -> str:
    """What the event did, in a sentence: "Zé jogou 6-6"."""

    def who(seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(seats):
            return seats[seat]
        return "alguém"

    told = narration(game, kind)
    return kind if told is None else told(data, who)


def _game(record: MatchRecord) -> str:
    rules = record.state.rules
    return DEFAULT_GAME if rules is None else game_of(rules).name


async def step(state: State, current: MatchRecord, number: int, seats: list[str]) -> Step:
    """Step `number` (1 to the game's version) of the game whose latest record is `current`."""
    matches: Matches = state.matches
    store: EventStore = state.store
    number = max(1, min(number, current.version))
    record = (
        current if number == current.version else await matches.at_version(current.match_id, number)
    )
    stored = await store.read_stream(stream_of(current.match_id), number - 1, 1)
    (event,) = await public_events(matches, stored)
    return Step(
        number,
        current.version,
        public_state(record, current),
        describe(event.type, event.data, seats, _game(current)),
    )
