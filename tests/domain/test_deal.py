import pytest

from domain import DealVoided, HandStarted, StartHand
from tests.domain.builders import AT, created, ended, started
from tests.domain.scenarios import PONTOS_TIE, SEVENS_TIE, Deal, dealt
from tests.domain.spec import given


def start(deal: Deal) -> StartHand:
    return StartHand(at=AT, hands=[list(h) for h in deal[:4]], dorme=list(deal[4]))


def test_pontos_deals_six_tiles_to_each_seat_and_four_to_the_dorme() -> None:
    (event,) = given(created("pontos")).when(start(PONTOS_TIE)).decided()
    assert isinstance(event, HandStarted)
    assert [len(h) for h in event.hands] == [6, 6, 6, 6]
    assert len(event.dorme) == 4


@pytest.mark.parametrize("preset", ["cinquenta", "federacao"])
def test_cinquenta_and_federacao_deal_seven_tiles_and_no_dorme(preset: str) -> None:
    (event,) = given(created(preset)).when(start(SEVENS_TIE)).decided()
    assert isinstance(event, HandStarted)
    assert [len(h) for h in event.hands] == [7, 7, 7, 7]
    assert event.dorme == ()


@pytest.mark.parametrize("preset", ["cinquenta", "federacao"])
def test_a_six_tile_deal_is_invalid_where_seven_are_dealt(preset: str) -> None:
    given(created(preset)).when(start(PONTOS_TIE)).raises("invalid-deal")


def test_a_seven_tile_deal_is_invalid_in_pontos() -> None:
    given(created("pontos")).when(start(SEVENS_TIE)).raises("invalid-deal")


@pytest.mark.parametrize("preset", ["pontos", "cinquenta", "federacao"])
def test_a_deal_with_a_tile_twice_is_invalid(preset: str) -> None:
    deal = PONTOS_TIE if preset == "pontos" else SEVENS_TIE
    twice = (deal[0], deal[1], deal[2], (deal[0][0], *deal[3][1:]), deal[4])
    given(created(preset)).when(start(twice)).raises("invalid-deal")


def test_a_deal_needs_four_hands() -> None:
    given(created("cinquenta")).when(StartHand(at=AT, hands=[list(SEVENS_TIE[0])])).raises(
        "invalid-deal"
    )


def test_a_deal_with_something_that_is_not_a_tile_is_refused() -> None:
    bad = (("6-6", "0-0", "0-1", "5-5", "4-5", "9-9"), *PONTOS_TIE[1:])
    given(created("pontos")).when(start(bad)).raises("invalid-tile")


def test_tiles_of_a_deal_are_normalised() -> None:
    backwards = (("6-6", "0-0", "1-0", "5-5", "5-4", "5-3"), *PONTOS_TIE[1:])
    (event,) = given(created("pontos")).when(start(backwards)).decided()
    assert isinstance(event, HandStarted)
    assert event.hands[0] == PONTOS_TIE[0]


def test_a_hand_cannot_start_while_another_is_in_progress() -> None:
    given(*dealt("pontos", PONTOS_TIE)).when(start(PONTOS_TIE)).raises("hand-in-progress")


FOUR_DOUBLES = (
    ("0-0", "1-1", "2-2", "3-3", "0-1", "0-2", "0-3"),
    ("4-4", "5-5", "6-6", "0-4", "0-5", "0-6", "1-2"),
    ("1-3", "1-4", "1-5", "1-6", "2-3", "2-4", "2-5"),
    ("2-6", "3-4", "3-5", "3-6", "4-5", "4-6", "5-6"),
    (),
)


def test_federacao_voids_a_deal_giving_a_seat_four_doubles_and_starts_no_hand() -> None:
    history = given(created("federacao"))
    history.when(start(FOUR_DOUBLES)).then(
        DealVoided(
            at=AT,
            number=1,
            seat=0,
            doubles=("0-0", "1-1", "2-2", "3-3"),
            hands=FOUR_DOUBLES[:4],
        )
    )
    voided = history.when(start(FOUR_DOUBLES)).decided()
    assert given(created("federacao"), *voided).state.hand is None


def test_federacao_starts_the_hand_with_the_next_deal_after_a_void_one() -> None:
    voided = DealVoided(at=AT, number=1, seat=0, doubles=(), hands=FOUR_DOUBLES[:4])
    given(created("federacao"), voided).when(start(SEVENS_TIE)).then(
        started(SEVENS_TIE[:4], opener=0, opening_tile="6-6")
    )


def test_cinquenta_plays_a_deal_with_four_doubles_in_one_hand() -> None:
    (event,) = given(created("cinquenta")).when(start(FOUR_DOUBLES)).decided()
    assert isinstance(event, HandStarted)


def test_a_void_deal_names_the_hand_it_was_dealt_for() -> None:
    first = ended(1, outcome="bloqueio", winner="A", points=10, sums=None)
    (event,) = given(created("federacao"), first).when(start(FOUR_DOUBLES)).decided()
    assert isinstance(event, DealVoided)
    assert event.number == 2
