"""Who opens each hand, per rule set."""

from domain import Event, HandEnded, HandStarted, StartHand
from domain.dominoes.opener import highest_opening
from tests.domain.builders import AT, created, ended
from tests.domain.scenarios import PONTOS_CRUZADA, PONTOS_TIE, SEVENS_TIE, Deal
from tests.domain.spec import given

# SEVENS_TIE with seats turned by one: seat 1 holds 6-6.
TURNED = (SEVENS_TIE[3], SEVENS_TIE[0], SEVENS_TIE[1], SEVENS_TIE[2], ())


def start(deal: Deal) -> StartHand:
    return StartHand(at=AT, hands=[list(h) for h in deal[:4]], dorme=list(deal[4]))


def opening(*history: Event, deal: Deal) -> tuple[int, str | None]:
    (event,) = given(*history).when(start(deal)).decided()
    assert isinstance(event, HandStarted)
    return event.opener, event.opening_tile


def won(number: int, opener: int | None) -> HandEnded:
    return ended(number, outcome="bloqueio", winner="A", points=1, opener=opener)


def test_pontos_the_highest_double_held_opens_with_it() -> None:
    assert opening(created("pontos"), deal=PONTOS_TIE) == (0, "6-6")
    assert opening(created("pontos"), deal=PONTOS_CRUZADA) == (2, "6-6")


def test_pontos_with_6_6_in_the_dorme_the_next_highest_double_opens() -> None:
    deal = (
        ("5-5", "0-1", "0-2", "0-3", "0-4", "0-5"),
        ("4-4", "1-2", "1-3", "1-4", "1-5", "1-6"),
        ("3-3", "2-3", "2-4", "2-5", "2-6", "3-4"),
        ("2-2", "3-5", "3-6", "4-5", "4-6", "5-6"),
        ("6-6", "1-1", "0-0", "0-6"),
    )
    assert opening(created("pontos"), deal=deal) == (0, "5-5")


def test_pontos_without_any_double_held_the_highest_tile_opens_with_it() -> None:
    hands = [["1-2", "3-6"], ["4-5", "0-1"], ["2-6"], ["0-6"]]
    assert highest_opening(hands) == (0, "3-6")  # 9 pips like 4-5, but the higher number


def test_pontos_every_hand_is_opened_by_the_highest_double() -> None:
    assert opening(created("pontos"), won(1, opener=0), deal=PONTOS_CRUZADA) == (2, "6-6")


def test_cinquenta_the_first_hand_is_opened_by_the_6_6_holder_with_6_6() -> None:
    assert opening(created("cinquenta"), deal=TURNED) == (1, "6-6")


def test_cinquenta_later_hands_are_opened_by_the_seat_after_the_last_opener_with_any_tile() -> None:
    assert opening(created("cinquenta"), won(1, opener=1), deal=SEVENS_TIE) == (2, None)
    assert opening(created("cinquenta"), won(1, 3), won(2, 0), deal=SEVENS_TIE) == (1, None)


def test_federacao_the_first_hand_is_opened_by_the_6_6_holder() -> None:
    assert opening(created("federacao"), deal=TURNED) == (1, "6-6")


def test_federacao_later_hands_are_opened_by_the_next_seat_in_order_of_play() -> None:
    assert opening(created("federacao"), won(1, opener=3), deal=TURNED) == (0, None)


def test_federacao_a_tied_hand_is_replayed_by_the_same_opener() -> None:
    tie = ended(2, outcome="empate", sums=None, opener=2)
    assert opening(created("federacao"), won(1, 1), tie, deal=TURNED) == (2, None)


def test_federacao_a_tie_in_the_first_hand_is_replayed_by_the_6_6_holder() -> None:
    tie = ended(1, outcome="empate", opener=0)
    assert opening(created("federacao"), tie, deal=TURNED) == (1, "6-6")
    assert opening(created("federacao"), tie, tie, deal=TURNED) == (1, "6-6")


def test_cinquenta_a_result_only_hand_counts_as_opened_by_the_seat_due() -> None:
    assert opening(created("cinquenta"), won(1, 0), won(2, None), deal=TURNED) == (2, None)


def test_cinquenta_after_a_first_hand_recorded_as_result_only_6_6_opens_again() -> None:
    assert opening(created("cinquenta"), won(1, None), deal=TURNED) == (1, "6-6")
