"""Buraco's, Mega Buraco's and Tranca's own bodies (issue 30; B27, MB8, T14): each decodes its
game's examples strictly and refuses another game's field (a red 3 outside Tranca, a
starter outside Mega Buraco, a de mil where there is none); a deal asked of the server
posts no card; a draw or a red 3's replacement that names its card is
one only who sees every hand may send; each hand view shows exactly its game's fields."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain import Match, evolve
from domain.cards.buraco.bodies import (
    BuracoDeal,
    BuracoMove,
    MegaBuracoDeal,
    MegaBuracoMove,
    TrancaDeal,
    TrancaMove,
)
from domain.cards.buraco.commands import LayRedThree, RecordBuracoResult, SideTally, TakePile
from domain.cards.buraco.game import BURACO_GAME, MEGA_BURACO_GAME, TRANCA_GAME
from domain.cards.buraco.hand import BuracoHand
from domain.cards.stock.commands import DealStock, DrawCards
from domain.match.bodies import MalformedRequest
from domain.match.commands import Command
from domain.match.game import Bodies, Game
from tests.domain.builders import AT
from tests.domain.cards.buraco_play import random_game

GAMES = {"buraco": BURACO_GAME, "mega-buraco": MEGA_BURACO_GAME, "tranca": TRANCA_GAME}
WRITES = ("move", "result")
"""The writes the games have examples of (a deal's is the stock family's, with mortos)."""


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
def test_a_buraco_games_body_reads_each_of_its_examples_into_a_command(
    name: str, write: str
) -> None:
    examples = getattr(GAMES[name].examples, write)

    assert examples
    for _, body in examples.values():
        assert isinstance(read(GAMES[name], write, body), Command)


HAND = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]
DEAL = {"dealer": 3, "hands": [HAND] * 2, "mortos": [HAND, HAND]}
SIDES = {"A": {"melded": 335, "limpa": 2, "suja": 1, "in_hand": 20}, "B": {"melded": 210}}
FOREIGN = [
    ("buraco", "deal", DEAL | {"starter": "4H"}),  # Mega Buraco's
    ("buraco", "deal", DEAL | {"vira": "8C"}),  # Cacheta's
    ("buraco", "move", {"seat": 0, "red_three": "3H"}),  # Tranca's
    ("buraco", "move", {"seat": 0, "go_out": []}),  # Cacheta's
    ("buraco", "move", {"seat": 0, "card": "JD", "suit": "H"}),  # Mau Mau's
    ("buraco", "move", {"seat": 0, "pass": True}),  # Mau Mau's, the trick games'
    ("buraco", "result", {"sides": SIDES | {"A": {"melded": 90, "red_threes": 1}}}),  # Tranca's
    ("buraco", "result", {"sides": SIDES, "winner": 2}),  # Mau Mau's, Cacheta's
    ("buraco", "result", {"sides": SIDES, "void": True}),  # Cacheta's
    ("mega-buraco", "deal", DEAL | {"trump_card": "4H"}),  # Sueca's
    ("mega-buraco", "move", {"seat": 0, "red_three": "3D", "card": "4H"}),  # Tranca's
    ("mega-buraco", "result", {"sides": SIDES | {"A": {"melded": 125, "mil": 0}}}),  # Buraco's
    ("tranca", "deal", DEAL | {"starter": "4H"}),  # Mega Buraco's
    ("tranca", "move", {"seat": 0, "na_boa": True}),  # Cacheta's
    ("tranca", "result", {"sides": SIDES | {"A": {"melded": 140, "mil": 1}}}),  # Buraco's
    ("tranca", "result", {"sides": SIDES, "points": [0, 10]}),  # Mau Mau's, Copas'
]


@pytest.mark.parametrize(("name", "write", "body"), FOREIGN)
def test_a_buraco_games_body_refuses_another_games_field(
    name: str, write: str, body: dict[str, Any]
) -> None:
    with pytest.raises(msgspec.ValidationError, match="unknown field"):
        read(GAMES[name], write, body)


def test_each_game_reads_its_own_deal_and_its_sides_count() -> None:
    """A deal's mortos (and Mega Buraco's starter) reach the command; a side's count reaches
    it with the fields the game has, the others 0."""
    buraco = read(BURACO_GAME, "deal", DEAL)
    mega = read(MEGA_BURACO_GAME, "deal", DEAL | {"starter": "JK"})
    tranca = read(TRANCA_GAME, "result", {"sides": SIDES | {"A": {"melded": 90, "red_threes": 3}}})

    assert isinstance(buraco, DealStock)
    assert isinstance(mega, DealStock)
    assert isinstance(tranca, RecordBuracoResult)
    assert (buraco.mortos, buraco.starter, mega.starter) == ([HAND, HAND], None, "JK")
    assert tranca.sides["A"] == SideTally(melded=90, red_threes=3)


def test_a_result_gives_its_sides() -> None:
    """B27: `sides` is required (before, the same 400 came with another message)."""
    for game in GAMES.values():
        with pytest.raises(msgspec.ValidationError, match="sides"):
            read(game, "result", {"ended_by": "A"})


def test_a_deal_asked_of_the_server_posts_no_card() -> None:
    """`"deal": "server"` with a hand, a stock, the mortos or a starter says two things:
    refused (400) by the service, as `mixed`; a dealer said with it is no card."""
    assert BuracoDeal(deal="server", mortos=[HAND, HAND]).mixed()
    assert BuracoDeal(deal="server", stock=["7H"]).mixed()
    assert MegaBuracoDeal(deal="server", starter="4H").mixed()
    assert TrancaDeal(deal="server", hands=[HAND]).mixed()
    assert not BuracoDeal(deal="server", dealer=2).mixed()
    assert not MegaBuracoDeal(deal="server").mixed()


def test_a_posted_deal_without_hands_is_a_bad_body() -> None:
    for game in GAMES.values():
        with pytest.raises(MalformedRequest, match='post "hands" \\(and the "mortos"\\)'):
            read(game, "deal", {"mortos": [HAND, HAND]})


def test_only_a_draw_or_a_red_three_that_names_its_card_names_hidden_cards() -> None:
    """S1, T5: a draw naming its card(s), or a red 3 naming its replacement (from a stock
    not posted), is sent only by who sees every hand; a meld, a discard, a pile taken, a
    draw of a known stock name no hidden card."""
    assert BuracoMove(seat=2, draw="stock", card="4C").names_hidden_cards()
    assert MegaBuracoMove(seat=2, draw="stock", cards=["JK"]).names_hidden_cards()
    assert TrancaMove(seat=1, red_three="3H", card="8S").names_hidden_cards()
    assert TrancaMove(seat=1, red_three="3H", cards=["8S"]).names_hidden_cards()
    assert not TrancaMove(seat=1, red_three="3H").names_hidden_cards()
    assert not BuracoMove(seat=2, draw="stock").names_hidden_cards()
    assert not TrancaMove(seat=1, draw="pile", meld=["9H", "9S"]).names_hidden_cards()
    assert not BuracoMove(seat=1, meld=["4C", "5C", "2D"]).names_hidden_cards()
    assert not BuracoMove(seat=1, discard="KH").names_hidden_cards()
    assert BuracoMove(seat=3).mover() == 3


def test_a_tranca_move_takes_the_pile_and_lays_a_red_three() -> None:
    moved = bodies_of(TRANCA_GAME).moved

    assert moved(TrancaMove(seat=1, draw="pile", to=2), AT, ()) == TakePile(at=AT, seat=1, to=2)
    assert moved(TrancaMove(seat=1, red_three="3H", card="8S"), AT, ()) == LayRedThree(
        at=AT, seat=1, card="3H", replacement=["8S"]
    )
    assert moved(TrancaMove(seat=1, draw="stock"), AT, ()) == DrawCards(at=AT, seat=1)


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
BURACO_FIELDS = {"phase", "melds", "morto_taken", "mortos_left"}
OWN_FIELDS = {
    "buraco": BURACO_FIELDS,
    "mega-buraco": BURACO_FIELDS,
    "tranca": BURACO_FIELDS | {"red_threes", "locked"},
}


def mid_hand(preset: str) -> Match:
    """A hand played by the random player until each side has laid a meld."""
    _, events, _ = random_game(7, 4, hands=1, preset=preset)
    state = random_game(7, 4, hands=0, preset=preset)[0]
    for event in events:
        state = evolve(state, event)
        hand = state.hand
        if isinstance(hand, BuracoHand) and all(hand.melds):
            return state
    raise AssertionError("no side laid a meld")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_buraco_games_view_shows_the_familys_fields_and_its_own_only(name: str) -> None:
    """The stock family's fields, the melds (their canastras and wilds), the mortos; Tranca's
    red 3s and its locked pile. The stock's order to who sees every hand, each seat's cards
    to who sees that seat; the rest public."""
    state = mid_hand(name)
    hand = state.hand
    assert isinstance(hand, BuracoHand)
    view = bodies_of(GAMES[name]).view

    everyone = msgspec.to_builtins(view(hand, frozenset(range(4))))
    seat_1 = msgspec.to_builtins(view(hand, frozenset({1})))

    assert set(everyone) == STOCK_FIELDS | OWN_FIELDS[name]
    assert (everyone["game"], everyone["family"]) == (name, "stock")
    assert everyone["phase"] == ("play" if hand.drew else "draw")
    assert [[m["cards"] for m in everyone["melds"][side]] for side in ("A", "B")] == [
        [list(m.cards) for m in hand.melds[side]] for side in (0, 1)
    ]
    assert everyone["mortos_left"] == sum(m is not None for m in hand.mortos)
    assert everyone["morto_taken"] == {"A": hand.morto_taken[0], "B": hand.morto_taken[1]}
    assert seat_1["stock"] is None
    assert [cards is not None for cards in seat_1["hands"]] == [False, True, False, False]
    assert {k: v for k, v in seat_1.items() if k not in ("stock", "hands")} == {
        k: v for k, v in everyone.items() if k not in ("stock", "hands")
    }
