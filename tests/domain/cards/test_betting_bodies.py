"""Texas Hold'em's and poker fechado's own bodies (issue 30): each decodes its game's example
bodies and refuses a field of another game; each names hidden cards where the service's
check says so; each game's hand view has its own fields and none of the other's."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import msgspec
import pytest

from domain import BY_NAME, decide
from domain.cards.betting.commands import DealBetting, RecordNet, SwapCards
from domain.cards.betting.hand import BettingHand
from domain.cards.holdem.bodies import HoldemDeal, HoldemMove, HoldemResult
from domain.cards.poker.bodies import PokerDeal, PokerMove, PokerResult
from domain.match.bodies import MalformedRequest
from domain.match.game import Bodies
from tests.domain.builders import AT
from tests.domain.cards.betting_play import created, fold_in

GAMES = ("texas-holdem", "poker")


def bodies_of(game: str) -> Bodies[Any, Any, Any]:
    bodies = BY_NAME[game].bodies
    assert bodies is not None
    return bodies


def read(body: dict[str, Any], kind: type[Any]) -> Any:
    """As the service reads a request: JSON, strictly, unknown fields refused."""
    return msgspec.json.decode(msgspec.json.encode(body), type=kind, strict=True)


@pytest.mark.parametrize("game", GAMES)
def test_each_body_type_decodes_its_games_examples(game: str) -> None:
    examples, bodies = BY_NAME[game].examples, bodies_of(game)
    for write, kind in (("deal", bodies.deal), ("move", bodies.move), ("result", bodies.result)):
        named = getattr(examples, write)
        assert named, write
        for _, body in named.values():
            assert isinstance(read(body, kind), kind)


OTHERS = [
    ("texas-holdem", "deal", {"hands": [["AH", "KD"], ["7C", "7S"]], "stock": ["2C"]}),
    ("texas-holdem", "deal", {"hands": [["AH", "KD"], ["7C", "7S"]], "vira": "7H"}),
    ("texas-holdem", "move", {"seat": 0, "exchange": ["7C"]}),
    ("texas-holdem", "move", {"seat": 0, "card": "7C"}),
    ("texas-holdem", "result", {"net": {"0": 0, "1": 0}, "points": [1, 2]}),
    ("poker", "deal", {"hands": [["AH", "KD", "7C", "7S", "9D"]], "board": ["2C"] * 5}),
    ("poker", "move", {"seat": 0, "board": ["AS", "7D", "10H"]}),
    ("poker", "move", {"seat": 0, "draw": "stock"}),
    ("poker", "result", {"net": {"0": 0, "1": 0}, "winner": "A"}),
]


@pytest.mark.parametrize(("game", "write", "body"), OTHERS)
def test_a_body_with_another_games_field_is_refused(
    game: str, write: str, body: dict[str, Any]
) -> None:
    kind = getattr(bodies_of(game), write)
    with pytest.raises(msgspec.ValidationError, match="unknown field"):
        read(body, kind)


def test_a_holdem_move_without_a_seat_names_the_board() -> None:
    with pytest.raises(msgspec.ValidationError, match='a move names its "seat"'):
        read({"check": True}, HoldemMove)
    board = read({"board": ["AS", "7D", "10H"]}, HoldemMove)

    assert board.mover() is None
    assert board.names_hidden_cards()


def test_a_poker_move_names_its_seat_and_its_result_its_net() -> None:
    with pytest.raises(msgspec.ValidationError, match="missing required field `seat`"):
        read({"check": True}, PokerMove)
    with pytest.raises(msgspec.ValidationError, match="missing required field `net`"):
        read({"stacks": [100, 100]}, PokerResult)


def test_cards_received_named_are_hidden_cards_and_a_bet_is_not() -> None:
    named = read({"seat": 1, "exchange": ["7C"], "received": ["AS"]}, PokerMove)
    pat = read({"seat": 1, "exchange": [], "received": []}, PokerMove)
    bet = read({"seat": 1, "bet_to": 40}, HoldemMove)

    assert named.names_hidden_cards()
    assert not pat.names_hidden_cards()
    assert not bet.names_hidden_cards()
    assert (named.mover(), bet.mover()) == (1, 1)


def test_a_deal_asked_of_the_server_posts_no_board_nor_stock() -> None:
    assert read({"deal": "server", "board": ["AS", "7D", "10H", "2S", "KC"]}, HoldemDeal).mixed()
    assert read({"deal": "server", "stock": ["AS"]}, PokerDeal).mixed()
    assert not read({"deal": "server", "in": [0, 2], "stacks": [10, 0, 10]}, PokerDeal).mixed()


def test_the_seats_dealt_in_are_in_on_the_wire() -> None:
    body = read({"hands": [["AH", "KD"], ["7C", "7S"]], "in": [0, 2], "dealer": 2}, HoldemDeal)

    command = bodies_of("texas-holdem").dealt(body, AT)

    assert command == DealBetting(
        at=AT, hands=[["AH", "KD"], ["7C", "7S"]], dealer=2, dealt=[0, 2], stock=None
    )


def test_a_move_that_says_two_things_or_none_is_a_bad_body() -> None:
    bets = '"check", "bet_to", "cover", "fold", "all_in"'
    with pytest.raises(MalformedRequest) as two:
        bodies_of("poker").moved(read({"seat": 0, "check": True, "fold": True}, PokerMove), AT, ())
    with pytest.raises(MalformedRequest) as none:
        bodies_of("texas-holdem").moved(read({"seat": 0}, HoldemMove), AT, ())

    assert two.value.message == f'a Poker fechado move sends exactly one of {bets}, "exchange"'
    assert none.value.message == f'a Texas Hold\'em move sends exactly one of {bets}, "board"'


def test_an_exchange_takes_the_services_shuffle_only_when_there_is_one() -> None:
    moved = bodies_of("poker").moved
    body = read({"seat": 2, "exchange": ["7C", "9S"]}, PokerMove)

    assert moved(body, AT, ["8H", "JD"]) == SwapCards(
        at=AT, seat=2, thrown=["7C", "9S"], restock=["8H", "JD"]
    )
    assert moved(body, AT, []) == SwapCards(at=AT, seat=2, thrown=["7C", "9S"])


def test_a_result_reads_into_the_chips_won_and_lost() -> None:
    played_at = datetime(2025, 5, 1, 22, tzinfo=UTC)
    body = {"net": {"0": 90, "1": -90}, "stacks": [500, 500], "played_at": "2025-05-01T22:00:00Z"}

    command = bodies_of("texas-holdem").recorded(read(body, HoldemResult), AT)

    assert isinstance(command, RecordNet)
    assert command.net == {"0": 90, "1": -90}
    assert (command.stacks, command.played_at) == ([500, 500], played_at)


@pytest.mark.parametrize("game", GAMES)
def test_a_server_deal_takes_the_seats_stacks_and_dealer_asked(game: str) -> None:
    state = created(game, 3)
    kind = bodies_of(game).deal
    body = read({"deal": "server", "in": [0, 2], "stacks": [300, 0, 200], "dealer": 0}, kind)
    served = bodies_of(game).served
    assert served is not None

    command = served(state, list(BY_NAME[game].deck), AT, body)
    after = fold_in(state, decide(command, state))

    assert isinstance(command, DealBetting)
    assert (command.dealt, command.stacks, command.dealer) == ([0, 2], [300, 0, 200], 0)
    assert isinstance(after.hand, BettingHand)
    assert (after.hand.dealer, after.hand.dealt) == (0, (0, 2))


# --- what a reader sees --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "own", "other"),
    [("texas-holdem", {"board", "blinds"}, {"exchanged"}), ("poker", {"exchanged"}, {"board"})],
)
def test_a_hand_view_has_its_games_fields_only(game: str, own: set[str], other: set[str]) -> None:
    state = created(game, 3)
    deal = BY_NAME[game].shuffled(state, list(BY_NAME[game].deck), AT)
    state = fold_in(state, decide(deal, state))
    assert state.hand is not None

    shown = msgspec.to_builtins(bodies_of(game).view(state.hand, frozenset({1})))

    assert (shown["game"], shown["family"]) == (game, "betting")
    assert own <= set(shown)
    assert not (other | ({"blinds"} if game == "poker" else set())) & set(shown)
    assert [h is not None for h in shown["hands"]] == [False, True, False]
