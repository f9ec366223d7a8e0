"""The events of card games survive a JSON round trip, and a game stored as JSON replays to
the same state."""

import msgspec
import pytest

from domain import (
    AskRedeal,
    CardPlayed,
    CardsDealt,
    DealCards,
    Event,
    HandEnded,
    MatchCreated,
    MatchFinished,
    MoveUndone,
    RaiseAccepted,
    RaiseCalled,
    RedealAsked,
    UndoLastMove,
    decode,
    encode,
    fold,
)
from tests.domain.builders import AT
from tests.domain.cards.builders import (
    accept,
    after,
    call,
    cards,
    dealt,
    penalty,
    played_out,
    run_from,
    sueca,
    sueca_deal,
    sueca_result,
    truco,
    truco_deal,
    truco_result,
)
from tests.domain.cards.scenarios import HEARTS, TIE, TRICKS, sueca_deal_of

A_STRONG = (("3H", "2H", "AH"), ("7H", "7S", "7D"), ("4H", "4S", "4D"), ("6H", "6S", "6D"))
UNDO = UndoLastMove(at=AT)


def strong_deal() -> DealCards:
    return DealCards(at=AT, hands=[list(h) for h in A_STRONG], vira="4C")


def sueca_game() -> list[Event]:
    """A redeal, a tie, a card taken back, a warning, a deal lost by a renounce, a result,
    and a bandeirada that ends it."""
    low = ("2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "QH")
    history = after(dealt(sueca(), sueca_deal({0: low}, "KS")), AskRedeal(at=AT, seat=0))
    history = played_out(after(history, sueca_deal_of(TIE), *cards("0 6C"), UNDO))
    history = after(history, sueca_deal_of(TRICKS, dealer=0), *cards("1 KC"))
    history = after(history, penalty(2, "slow-play"), penalty(2, "renounce"))
    history = after(history, sueca_result(70, 50, (6, 4)))
    return played_out(after(history, sueca_deal_of(HEARTS, dealer=2)))


def truco_game() -> list[Event]:
    """A truco accepted, a covered card taken back, a counter-raise run from, an empate and
    an infraction recorded between hands, then a mão de 11 lost by a raise."""
    two_rounds = cards("0 3H", "1 7H", "2 4H", "3 6H", "0 2H", "1 7S", "2 4S", "3 6S")
    history = after(dealt(truco(), strong_deal()), call(0, "truco"), accept(1), *two_rounds[:4])
    history = after(history, *cards("0 2H covered"), UNDO, *two_rounds[4:])
    history = after(history, fill_deal("KD"), call(1, "truco"), call(2, "seis"), run_from(1))
    history = after(history, truco_result(tie=True), penalty(3, "slow-play"))
    history = after(history, penalty(1, "out-of-turn"), truco_result("A", 3), truco_result("A", 1))
    return after(history, fill_deal("JC"), call(3, "truco"))


def fill_deal(vira: str) -> DealCards:
    """Three cards a seat in deck order, dealt by the seat due."""
    return truco_deal({}, vira=vira)


def round_trips(event: Event) -> bool:
    data = encode(event)
    tag = msgspec.json.decode(data)["type"]
    return tag == type(event).__struct_config__.tag and decode(data) == event


GAMES = {"sueca": sueca_game(), "truco": truco_game()}
EVENTS = [event for events in GAMES.values() for event in events]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_every_event_of_a_card_game_round_trips_through_json(event: Event) -> None:
    assert round_trips(event)


def test_the_games_show_every_kind_of_card_event_and_every_way_a_card_hand_ends() -> None:
    kinds = {type(e) for e in EVENTS}
    card_events = {CardsDealt, CardPlayed, RedealAsked, RaiseCalled, RaiseAccepted}
    assert card_events | {MatchCreated, MoveUndone, HandEnded, MatchFinished} <= kinds
    outcomes = {e.outcome for e in EVENTS if isinstance(e, HandEnded)}
    assert outcomes == {"empate", "penalty", "tricks", "bandeirada", "run", "forfeit"}


@pytest.mark.parametrize("game", GAMES)
def test_a_card_game_stored_as_json_replays_to_the_same_state(game: str) -> None:
    events = GAMES[game]
    state = fold(events)
    assert state.status == "finished"
    assert fold(decode(encode(e)) for e in events) == state
