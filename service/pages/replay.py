"""A game replayed event by event: the public state after step N (the same view
`GET /v1/matches/{id}/events?at=N` answers a reader without a token) and what step N did.
A hand still in progress keeps its unplayed tiles and cards hidden at every step."""

from __future__ import annotations

from typing import Any, NamedTuple

from litestar.datastructures import State

from domain.cards.betting.ranking import NAMES_PT
from domain.cards.cards import SUIT_NAMES
from service.pages.formatting import card
from service.reads.history.events import EventOut, public_events
from service.reads.matches.state import MatchState, public_state
from service.store.event_store import EventStore
from service.store.matches import Matches, MatchRecord, stream_of

RAISES = {3: "truco", 6: "seis", 9: "nove", 12: "doze"}
EVENTS = {
    "match_created": "partida criada",
    "hand_started": "pedras distribuídas",
    "cards_dealt": "cartas distribuídas",
    "deal_voided": "distribuição anulada: embaralha de novo",
    "move_undone": "jogada desfeita",
    "hand_ended": "mão terminada",
    "penalty_recorded": "penalidade registrada",
    "match_abandoned": "partida abandonada",
    "match_finished": "partida terminada",
    "hand_annulled": "mão anulada",
    "match_reopened": "partida reaberta",
    "confirmation_recorded": "confirmação registrada",
    "match_confirmed": "partida confirmada",
    "match_cancelled": "partida cancelada",
    "redeal_asked": "pediu nova distribuição",
    "stock_dealt": "cartas distribuídas",
    "stock_restocked": "o lixo foi embaralhado: é o novo monte",
    "morto_to_stock": "um morto virou o monte",
    "betting_dealt": "cartas distribuídas; blinds ou pingo na mesa",
}


class Step(NamedTuple):
    number: int
    last: int
    state: MatchState
    description: str


def describe(event: EventOut, seats: list[str]) -> str:
    """What the event did, in a sentence: "Zé jogou 6-6"."""
    data = event.data
    seat = data.get("seat")
    who = seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else ""
    if event.type == "tile_played":
        end = {"left": " na esquerda", "right": " na direita"}.get(data.get("end") or "", "")
        return f"{who} jogou {data['tile']}{end}"
    if event.type == "passed":
        return f"{who} passou"
    if event.type == "card_played":
        return (
            f"{who} jogou uma carta coberta"
            if data.get("card") is None
            else (f"{who} jogou {card(data['card'])}" + (" coberta" if data.get("covered") else ""))
        )
    if event.type == "raise_called":
        return f"{who} pediu {RAISES.get(data['value'], data['value'])}"
    if event.type == "raise_accepted":
        return f"{who} aceitou"
    return _stock_move(event.type, data, who) or EVENTS.get(event.type, event.type)


def _stock_move(kind: str, data: dict[str, Any], who: str) -> str | None:
    """A move of a game that draws and discards (a drawn card from the stock stays hidden:
    only its count is said)."""
    cards = " ".join(card(c) for c in data.get("cards") or [] if c)
    match kind:
        case "cards_drawn" if data.get("source") == "pile":
            return f"{who} pegou do lixo: {cards}"
        case "cards_drawn":
            count = data.get("count", 1)
            return f"{who} comprou {count} carta{'s' if count != 1 else ''} do monte"
        case "card_discarded":
            named = data.get("suit")
            suit = f", pede {SUIT_NAMES.get(named, named)}" if named else ""
            return f"{who} descartou {card(data['card'])}{suit}"
        case "turn_passed":
            return f"{who} passou"
        case "melded":
            return f"{who} baixou {cards}"
        case "added_to_meld":
            return f"{who} juntou {cards} ao jogo {data['to']}"
        case "morto_taken":
            return f"{who} pegou o morto" + (" (batida direta)" if data.get("direct") else "")
        case "red_three_laid":
            return f"{who} baixou o três vermelho {card(data['card'])}"
        case "mau_mau_called":
            wrong = " (fora de hora: compra 5)" if data.get("wrong") else ""
            return f"{who} disse MAU-MAU{wrong}"
        case "mau_mau_accused":
            accused = data.get("accused")
            return f"{who} acusou" + ("" if accused is not None else " sem ninguém a acusar")
        case "na_boa_said":
            return f"{who} está na boa"
        case "queue_jumped":
            return f"{who} furou a fila com {card(data['card'])}"
        case "seat_burned":
            return f"{who} se queimou"
        case "went_out":
            return f"{who} bateu"
    return _betting_move(kind, data, who)


BETS = {"check": "mesa", "cover": "cobriu", "fold": "correu", "bet": "apostou", "raise": "aumentou"}
STREETS = {"flop": "o flop", "turn": "o turn", "river": "o river"}


def _betting_move(kind: str, data: dict[str, Any], who: str) -> str | None:
    """A bet, a street of the board, an exchange (how many cards, never which), a showdown."""
    match kind:
        case "bet_made" if data.get("action") == "all_in" or data.get("all_in"):
            return f"{who} foi all-in ({data['to']})"
        case "bet_made" if data.get("action") in ("bet", "raise"):
            return f"{who} {BETS[data['action']]} para {data['to']}"
        case "bet_made":
            return f"{who} {BETS.get(data.get('action', ''), 'apostou')}"
        case "board_turned":
            cards = " ".join(card(c) for c in data.get("cards") or [])
            return f"{STREETS.get(data.get('street', ''), 'a mesa')}: {cards}"
        case "cards_swapped":
            count = data.get("count", 0)
            return f"{who} trocou {count} carta{'s' if count != 1 else ''}" if count else (
                f"{who} não trocou"
            )
        case "closing_asked":
            return f"{who} pediu para encerrar a sessão"
        case "showdown_held":
            made = data.get("made") or {}
            return "Mostra de cartas: " + ", ".join(
                f"{NAMES_PT.get(m, m)}" for m in made.values()
            )
    return None


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
    return Step(number, current.version, public_state(record, current), describe(event, seats))
