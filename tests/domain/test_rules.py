import pytest

from domain import CINQUENTA, FEDERACAO, PONTOS, DomainError, Rules, resolve_rules


def dominoes_rules(preset: str, overrides: dict[str, object] | None = None) -> Rules:
    rules = resolve_rules(preset, overrides)
    assert isinstance(rules, Rules)
    return rules


def test_pontos_deals_six_with_a_dorme_of_four_and_plays_to_six_by_batida_kind() -> None:
    assert (PONTOS.tiles_per_seat, PONTOS.dorme_size, PONTOS.target) == (6, 4, 6)
    assert PONTOS.scoring == "by-kind"
    assert (PONTOS.tie_policy, PONTOS.tie_bonus, PONTOS.tie_bonus_cap) == ("bonus", 1, 1)
    assert PONTOS.opener == "highest-double"


def test_cinquenta_deals_seven_and_plays_to_fifty_on_the_opponents_pips() -> None:
    assert (CINQUENTA.tiles_per_seat, CINQUENTA.dorme_size, CINQUENTA.target) == (7, 0, 50)
    assert CINQUENTA.scoring == "opponent-pips"
    assert CINQUENTA.tie_policy == "blocker-loses"
    assert CINQUENTA.opener == "rotate"


def test_federacao_scores_as_cinquenta_but_replays_ties_and_voids_four_doubles() -> None:
    assert (FEDERACAO.target, FEDERACAO.scoring) == (50, "opponent-pips")
    assert FEDERACAO.tie_policy == "replay"
    assert FEDERACAO.irregular_pass == "hand-lost"
    assert FEDERACAO.redeal_doubles == 4


def test_an_override_changes_one_setting_and_keeps_the_rest_of_the_preset() -> None:
    rules = dominoes_rules("cinquenta", {"target": 100, "penalty_points": 10})
    assert (rules.preset, rules.target, rules.penalty_points) == ("cinquenta", 100, 10)
    assert rules.tiles_per_seat == 7


def test_dealing_six_tiles_leaves_a_dorme_of_four() -> None:
    assert dominoes_rules("cinquenta", {"tiles_per_seat": 6}).dorme_size == 4


def test_points_per_batida_kind_can_be_overridden() -> None:
    rules = dominoes_rules("pontos", {"kind_points": {"cruzada": 5, "la-e-lo": 4}})
    assert (rules.kind_points.cruzada, rules.kind_points.la_e_lo) == (5, 4)


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("domino-x", {}),
        ("pontos", {"target": 0}),
        ("pontos", {"target": "6"}),
        ("pontos", {"tiles_per_seat": 5}),
        ("pontos", {"dorme_size": 0}),
        ("pontos", {"scoring": "by-pips"}),
        ("pontos", {"tie_bonus": -1}),
        ("pontos", {"preset": "cinquenta"}),
        ("pontos", {"colour": "blue"}),
        ("pontos", {"kind_points": {"cruzada": True}}),
    ],
)
def test_a_bad_preset_or_override_is_refused_with_invalid_rules(
    preset: str, overrides: dict[str, object]
) -> None:
    with pytest.raises(DomainError) as caught:
        dominoes_rules(preset, overrides)
    assert caught.value.code == "invalid-rules"


@pytest.mark.parametrize("doubles", [1, 2])
def test_a_redeal_threshold_that_would_void_nearly_every_deal_is_refused(doubles: int) -> None:
    with pytest.raises(DomainError) as refused:
        dominoes_rules("federacao", {"redeal_doubles": doubles})
    assert refused.value.code == "invalid-rules"


@pytest.mark.parametrize("doubles", [0, 3, 4, 7])
def test_a_redeal_threshold_of_none_or_three_and_more_is_accepted(doubles: int) -> None:
    assert dominoes_rules("federacao", {"redeal_doubles": doubles}).redeal_doubles == doubles
