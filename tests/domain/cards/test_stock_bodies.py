"""Mau Mau's and Cacheta's own bodies (issue 30): each decodes its game's examples strictly
and refuses another game's field; a deal asked of the server posts no card; a draw that
names its cards is one only who sees every hand may send; each
hand view shows exactly its game's fields."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain import INITIAL, CreateMatch, decide, fold
from domain.cards.cacheta.bodies import CachetaDeal, CachetaMove
from domain.cards.cacheta.game import CACHETA_GAME
from domain.cards.maumau.bodies import MauMauDeal, MauMauMove
from domain.cards.maumau.game import MAU_MAU_GAME
from domain.cards.stock.commands import DiscardCard, DrawCards
from domain.match.bodies import MalformedRequest
from domain.match.commands import Command
from domain.match.game import Bodies, Game
from tests.domain.builders import AT

GAMES = {"mau-mau": MAU_MAU_GAME, "cacheta": CACHETA_GAME}
WRITES = ("deal", "move", "result")


def bodies_of(game: Game) -> Bodies[Any, Any, Any]:
    assert game.bodies is not None
    return game.bodies


def read(game: Game, write: str, body: dict[str, Any]) -> Command:
    """The body read strictly into the game's own struct, then into its command."""
    bodies = bodies_of(game)
    raw = msgspec.json.encode(body)
    if write == "deal":
        return bodies.dealt(msgspec.json.decode(raw, type=bodies.deal), AT)
    if write == "move":
        return bodies.moved(msgspec.json.decode(raw, type=bodies.move), AT, ())
    return bodies.recorded(msgspec.json.decode(raw, type=bodies.result), AT)


@pytest.mark.parametrize(("name", "write"), [(n, w) for n in GAMES for w in WRITES])
def test_a_stock_games_body_reads_each_of_its_examples_into_a_command(
    name: str, write: str
) -> None:
    examples = getattr(GAMES[name].examples, write)

    assert examples
    for _, body in examples.values():
        assert isinstance(read(GAMES[name], write, body), Command)


DEAL = [["7H", "QS", "2C", "9D", "JH"], ["AC", "5S", "5D", "10H", "KC"]]
FOREIGN = [
    ("mau-mau", "deal", {"hands": DEAL, "starter": "4H", "vira": "8C"}),  # Cacheta's
    ("mau-mau", "deal", {"hands": DEAL, "starter": "4H", "mortos": [[], []]}),  # Buraco's
    ("mau-mau", "deal", {"hands": DEAL, "starter": "4H", "trump_card": "4H"}),  # Sueca's
    ("mau-mau", "move", {"seat": 0, "go_out": []}),  # Cacheta's
    ("mau-mau", "move", {"seat": 0, "discard": "7H"}),  # Cacheta's, Buraco's
    ("mau-mau", "move", {"seat": 0, "tile": "3-5"}),  # dominoes'
    ("mau-mau", "result", {"winner": 2, "cards": 9}),  # Cacheta's
    ("mau-mau", "result", {"winner": 2, "points": [0, 1], "void": False}),  # Cacheta's
    ("cacheta", "deal", {"hands": DEAL, "vira": "8C", "starter": "4H"}),  # Mau Mau's
    ("cacheta", "move", {"seat": 0, "discard": "7H", "suit": "H"}),  # Mau Mau's
    ("cacheta", "move", {"seat": 0, "mau_mau": True}),  # Mau Mau's
    ("cacheta", "move", {"seat": 0, "pass": True}),  # Mau Mau's
    ("cacheta", "move", {"seat": 0, "meld": ["4C", "5C", "6C"]}),  # Buraco's
    ("cacheta", "result", {"winner": 2, "cards_left": [["7H"], []]}),  # Mau Mau's
    ("cacheta", "result", {"winner": 2, "points": [1, 0]}),  # Mau Mau's, Copas'
]


@pytest.mark.parametrize(("name", "write", "body"), FOREIGN)
def test_a_stock_games_body_refuses_another_games_field(
    name: str, write: str, body: dict[str, Any]
) -> None:
    with pytest.raises(msgspec.ValidationError, match="unknown field"):
        read(GAMES[name], write, body)


def test_a_deal_asked_of_the_server_posts_no_card() -> None:
    """`"deal": "server"` with a hand, a stock, a starter or a vira says two things: refused
    (400) by the service, as `mixed`; a dealer said with it is no card."""
    assert MauMauDeal(deal="server", stock=["7H"]).mixed()
    assert MauMauDeal(deal="server", starter="4H").mixed()
    assert MauMauDeal(deal="server", hands=DEAL).mixed()
    assert CachetaDeal(deal="server", vira="8C").mixed()
    assert not MauMauDeal(deal="server", dealer=2).mixed()
    assert not CachetaDeal(deal="server").mixed()


def test_a_posted_deal_without_hands_is_a_bad_body() -> None:
    mau_mau, cacheta = bodies_of(MAU_MAU_GAME), bodies_of(CACHETA_GAME)

    with pytest.raises(MalformedRequest, match='post "hands"'):
        mau_mau.dealt(MauMauDeal(starter="4H"), AT)
    with pytest.raises(MalformedRequest, match='post "hands"'):
        cacheta.dealt(CachetaDeal(vira="8C"), AT)


def test_only_a_draw_that_names_its_cards_names_hidden_cards() -> None:
    """S1: a draw naming its card(s) (from a stock not posted) is sent only by who sees every
    hand; a discard, a draw of a known stock, a batida name no hidden card."""
    assert MauMauMove(seat=2, draw="stock", card="4C").names_hidden_cards()
    assert MauMauMove(seat=2, draw="stock", cards=["4C", "5C"]).names_hidden_cards()
    assert CachetaMove(seat=2, draw="stock", card="4C").names_hidden_cards()
    assert not MauMauMove(seat=2, draw="stock").names_hidden_cards()
    assert not MauMauMove(seat=1, card="JD", suit="H").names_hidden_cards()
    assert not CachetaMove(seat=0, go_out=[], discard="2C").names_hidden_cards()
    assert MauMauMove(seat=3).mover() == 3


def test_a_jacks_suit_qualifies_the_discard_and_a_restock_goes_with_a_draw() -> None:
    moved = bodies_of(MAU_MAU_GAME).moved

    assert MauMauMove(seat=1, card="JD", suit="H").saying() == {"card"}
    assert moved(MauMauMove(seat=1, card="JD", suit="H"), AT, ()) == DiscardCard(
        at=AT, seat=1, card="JD", suit="H"
    )
    assert moved(MauMauMove(seat=2, draw="stock"), AT, ["5H", "6H"]) == DrawCards(
        at=AT, seat=2, restock=["5H", "6H"]
    )
    assert moved(MauMauMove(seat=2, draw="stock"), AT, ()) == DrawCards(at=AT, seat=2)


# --- the hand views ----------------------------------------------------------------------

STOCK_FIELDS = {
    "game",
    "family",
    "number",
    "opener",
    "started_at",
    "dealer",
    "turn",
    "cards_left",
    "hands",
    "stock_count",
    "stock",
    "stock_known",
    "pile",
}
OWN_FIELDS = {
    "mau-mau": {
        "top",
        "demanded_suit",
        "direction",
        "pending_draw",
        "owed",
        "called",
        "drew",
        "accusable",
    },
    "cacheta": {"vira", "wilds", "lives", "na_boa", "burned", "out", "jumper"},
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_stock_games_view_shows_the_familys_fields_and_its_own_only(name: str) -> None:
    """The stock family's fields and the game's: the stock's order to who sees every hand
    (who posted the deal), each seat's cards to who sees that seat."""
    game = GAMES[name]
    seats = [f"p{n}" for n in range(4)]
    state = fold(decide(CreateMatch(at=AT, preset=name, seats=seats, actor="p0"), INITIAL))
    order = list(game.deck)
    random.Random(4).shuffle(order)
    dealt = fold(decide(game.shuffled(state, order, AT), state), state)
    assert dealt.hand is not None

    everyone = msgspec.to_builtins(bodies_of(game).view(dealt.hand, frozenset(range(4))))
    seat_1 = msgspec.to_builtins(bodies_of(game).view(dealt.hand, frozenset({1})))

    assert set(everyone) == STOCK_FIELDS | OWN_FIELDS[name]
    assert (everyone["game"], everyone["family"], everyone["stock_known"]) == (name, "stock", True)
    assert len(everyone["stock"]) == everyone["stock_count"]
    assert seat_1["stock"] is None
    assert [cards is not None for cards in seat_1["hands"]] == [False, True, False, False]
    assert {k: v for k, v in seat_1.items() if k not in ("stock", "hands")} == {
        k: v for k, v in everyone.items() if k not in ("stock", "hands")
    }
