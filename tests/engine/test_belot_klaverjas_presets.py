"""The three presets of docs/rules-belot-klaverjas.md have the values of its tables (2.1, 4.1,
5.1); every other parameter keeps its default (the house-rules parameters included)."""

from __future__ import annotations

import pytest

from service.engine.rulesets import PARAMETERS, PRESETS, Ruleset, RulesetError, get_ruleset

ALL_RANKS_100 = {r: 100 for r in ("7", "8", "9", "10", "J", "Q", "K", "A")}

#: Section 2.1.
BELOT = {
    "players": 4,
    "hand_size": 8,
    "trump_modes": ("C", "D", "H", "S", "none", "all"),
    "trump_lead_overtrump": "always",
    "void_trump": "unless_partner_winning",
    "partner_winning_trump": "free",
    "undertrump": "may",
    "declarations": "all",
    "declarations_in_no_trump": False,
    "sequence_points": {3: 20, 4: 50, 5: 100},
    "sequence_cap": 5,
    "card_in_two_declarations": False,
    "carre_points": {"9": 150, "10": 100, "J": 200, "Q": 100, "K": 100, "A": 100},
    "carre_order": "trump",
    "declaration_compare": "by_kind",
    "sequence_trump_tiebreak": False,
    "declaration_tie": "none_score",
    "declaration_needs_trick": False,
    "belote_points": 20,
    "belote_from": "hand",
    "belote_on_discard": "lost",
    "contract": "total_more_than_defenders",
    "failed": "defenders_take_all",
    "litige": "hold_over_all",
    "last_trick_bonus": 10,
    "capot_bonus": 90,
    "capot_mode": "plus_last_trick",
    "no_trump_points": "doubled",
    "all_trump_points": "raw",
    "doubling": "contra",
    "capot_multiplied": True,
    "score_units": "bg_tens",
    "target": 151,
    "match_capot_cannot_finish": True,
    "bidding": "bulgarian",
    "redeal_dealer": "next",
}
#: Section 4.1.
ROTTERDAM = {
    "players": 4,
    "hand_size": 8,
    "trump_modes": ("C", "D", "H", "S"),
    "trump_lead_overtrump": "always",
    "void_trump": "always",
    "partner_winning_trump": "overtrump_if_able",
    "undertrump": "must",
    "declarations": "all",
    "declarations_from": "trick",
    "declaration_compare": "none",
    "sequence_points": {3: 20, 4: 50},
    "sequence_cap": None,
    "carre_points": ALL_RANKS_100,
    "belote_points": 20,
    "belote_from": "trick",
    "contract": "total_more_than_defenders",
    "failed": "defenders_take_all",
    "last_trick_bonus": 10,
    "capot_bonus": 100,
    "capot_mode": "plus_last_trick",
    "litige": "none",
    "target": None,
    "match_deals": 16,
    "bidding": "klaverjas_proposed",
    "first_speaker": "after_dealer",
    "proposed_all_pass": "choose_other",
}
#: Section 5.1: as Rotterdam except these.
AMSTERDAM = ROTTERDAM | {
    "void_trump": "unless_partner_winning",
    "partner_winning_trump": "no_undertrump",
    "undertrump": "forbidden",
    "carre_points": {"10": 100, "J": 200, "Q": 100, "K": 100, "A": 100},
    "bidding": "klaverjas_free",
    "first_speaker": "after_dealer",
}
# The deal (docs/api.md "The deal"): 3+2 then 3 each (2.2); klaverjas 3-2-3 (3.1).
BELOT = BELOT | {"deal_packets": "3-2", "completion": "equal"}
ROTTERDAM = ROTTERDAM | {"deal_packets": "3-2-3", "completion": "equal"}
AMSTERDAM = AMSTERDAM | {"deal_packets": "3-2-3", "completion": "equal"}
TABLES = {"belot": BELOT, "klaverjas-rotterdam": ROTTERDAM, "klaverjas-amsterdam": AMSTERDAM}
DEFAULTS = Ruleset(name="defaults", title="", source="")


def _plain(value):
    return dict(value) if hasattr(value, "items") else value


@pytest.mark.parametrize("name", list(TABLES))
def test_preset_has_the_companion_table_values(name):
    preset = PRESETS[name]
    for parameter, expected in TABLES[name].items():
        actual = _plain(getattr(preset, parameter))
        assert actual == expected, parameter
        assert type(actual) is type(expected), parameter  # True is not 1


@pytest.mark.parametrize("name", list(TABLES))
def test_every_other_parameter_keeps_its_default(name):
    preset = PRESETS[name]
    for parameter in PARAMETERS:
        if parameter not in TABLES[name]:
            assert getattr(preset, parameter) == getattr(DEFAULTS, parameter), parameter


@pytest.mark.parametrize("name", list(TABLES))
def test_preset_title_and_source(name):
    preset = get_ruleset(name)
    assert preset.name == name and preset.title
    assert "docs/rules-belot-klaverjas.md" in preset.source


def test_klaverjas_match_is_sixteen_deals_or_a_target():
    # 3.6: the common alternative is 1500 points without a deal count.
    to_1500 = get_ruleset("klaverjas-rotterdam", {"target": 1500, "match_deals": None})
    assert (to_1500.target, to_1500.match_deals) == (1500, None)
    with pytest.raises(RulesetError) as error:
        get_ruleset("klaverjas-rotterdam", {"target": 1500})
    assert error.value.field == "match_deals"


def test_carre_points_option_is_a_rank_table_in_rank_order():
    ruleset = get_ruleset("belote", {"carre_points": {"A": 100, "7": 50}})
    assert list(ruleset.carre_points) == ["7", "A"]
    assert ruleset.parameters()["carre_points"] == {"7": 50, "A": 100}
    assert ruleset.carre_value(0) == 50 and ruleset.carre_value(4) == 0  # 7s 50, J nothing
