"""Random legal games of Sueca and Truco, with a random (mostly illegal) command probed at
every step, never break an invariant: see `tables` for the checks and `models` for the
rules they are held to."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.domain.cards.tables import SuecaTable, TrucoTable

GAME = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(GAME, max_examples=40)
@given(data=st.data())
def test_random_sueca_games_keep_every_invariant(data: st.DataObject) -> None:
    SuecaTable(data, corrections=False).play()


@settings(GAME, max_examples=25)
@given(data=st.data())
def test_random_sueca_games_with_undo_and_annulment_keep_every_invariant(
    data: st.DataObject,
) -> None:
    SuecaTable(data, corrections=True).play()


@settings(GAME, max_examples=100)
@given(data=st.data())
def test_random_truco_games_keep_every_invariant(data: st.DataObject) -> None:
    TrucoTable(data, corrections=False).play()


@settings(GAME, max_examples=60)
@given(data=st.data())
def test_random_truco_games_with_undo_and_annulment_keep_every_invariant(
    data: st.DataObject,
) -> None:
    TrucoTable(data, corrections=True).play()


@settings(GAME, max_examples=40)
@given(data=st.data())
def test_random_truco_games_from_eleven_each_keep_every_invariant(data: st.DataObject) -> None:
    """From 11 to 11: the next hand is a mão de ferro (T3), and random play with corrections
    probes it at every step (a card turned face up is not taken back)."""
    TrucoTable(data, corrections=True).to_eleven_each().play()
