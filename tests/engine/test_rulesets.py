"""The presets of docs/rules.md section 5, options, and how bad options are refused."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
import typing
from collections.abc import Mapping
from pathlib import Path

import pytest

from service.engine import rulesets
from service.engine.rulesets import (
    DEFAULT_RULESET,
    PARAMETERS,
    PRESETS,
    Ruleset,
    RulesetError,
    get_ruleset,
)

#: A cell of the docs/rules.md table that is "-": the parameter plays no part in that preset
#: (e.g. sequence points where there are no declarations), so any value is acceptable.
UNUSED = object()

SUITS = ("C", "D", "H", "S")
ALL_MODES = ("C", "D", "H", "S", "none", "all")
SEQ_345 = {3: 20, 4: 50, 5: 100}

# docs/rules.md section 5, column by column. players/cards, trump modes and the rows of the table;
# last trick 10 and belote 20 from section 1; "capot 252" = 152 + a capot bonus of 100
# (section 4), klaberjass "capot: none"; bidding from "Bidding in the other presets":
# round 2 names "another suit" (second_round_modes suits); Klaberjass "same dealer redeals"
# and the trump-7 exchange; seed 003 has the same dealer redeal in belote; for klob, cardavia,
# belote-ffb and coinche the sources are silent and the next dealer deals (common practice).
EXPECTED = {
    "belote": {
        "players": 4,
        "hand_size": 8,
        "trump_modes": SUITS,
        "trump_lead_overtrump": "unless_partner_winning",
        "void_trump": "always",
        "partner_winning_trump": "free",
        "undertrump": "must",
        "declarations": "all",
        "sequence_points": SEQ_345,
        "sequence_cap": 5,
        "card_in_two_declarations": False,
        "declaration_tie": "first_in_rotation",
        "declaration_needs_trick": False,
        "belote_points": 20,
        "contract": "trick_points_at_least_defenders",
        "failed": "defenders_take_trick_points",
        "last_trick_bonus": 10,
        "capot_bonus": 100,
        "litige": "none",
        "no_trump_points": UNUSED,
        "all_trump_points": UNUSED,
        "target": 501,
        "bidding": "turned_card",
        "redeal_dealer": "same",
        "second_round_modes": "suits",
        "trump_seven_exchange": False,
        "coinche_timing": "in_turn",
        "bid_minimum": 80,
        "bid_step": 10,
        "bid_maximum": 160,
        "opening_bid_points": None,
        "made": "cards_and_bid",
        "no_trump_bid": "single",
        "sequence_split": False,
        "no_trump_carre_points": {},
    },
    "klob": {
        "players": 4,
        "hand_size": 8,
        "trump_modes": ALL_MODES,
        "trump_lead_overtrump": "unless_partner_winning",
        "void_trump": "always",
        "partner_winning_trump": "free",
        "undertrump": "must",
        "declarations": "all",
        "sequence_points": SEQ_345,
        "sequence_cap": 5,
        "card_in_two_declarations": False,
        "declaration_tie": "first_in_rotation",
        "declaration_needs_trick": False,
        "belote_points": 20,
        "contract": "trick_points_more_than_half",
        "failed": "defenders_take_trick_points",
        "last_trick_bonus": 10,
        "capot_bonus": 100,
        "litige": "none",
        "no_trump_points": "doubled",
        "all_trump_points": "raw",
        "target": 501,
        "bidding": "turned_card",
        "redeal_dealer": "next",
        "second_round_modes": "suits",
        "trump_seven_exchange": False,
        "coinche_timing": "in_turn",
        "bid_minimum": 80,
        "bid_step": 10,
        "bid_maximum": 160,
        "opening_bid_points": None,
        "made": "cards_and_bid",
        "no_trump_bid": "single",
        "sequence_split": False,
        "no_trump_carre_points": {},
    },
    "cardavia": {
        "players": 4,
        "hand_size": 8,
        "trump_modes": SUITS,
        "trump_lead_overtrump": "always",
        "void_trump": "unless_partner_winning",
        "partner_winning_trump": "overtrump_if_able",
        "undertrump": "must",
        "declarations": "none",  # belote only
        "sequence_points": UNUSED,
        "sequence_cap": UNUSED,
        "card_in_two_declarations": UNUSED,
        "declaration_tie": UNUSED,
        "declaration_needs_trick": UNUSED,
        "belote_points": 20,
        "contract": "cards_and_belote_at_least_defenders",
        "failed": "defenders_take_cards_and_belotes",
        "last_trick_bonus": 10,
        "capot_bonus": 100,
        "litige": "none",
        "no_trump_points": UNUSED,
        "all_trump_points": UNUSED,
        "target": None,  # a single deal
        "bidding": "turned_card",
        "redeal_dealer": "next",
        "second_round_modes": "suits",
        "trump_seven_exchange": False,
        "coinche_timing": "in_turn",
        "bid_minimum": 80,
        "bid_step": 10,
        "bid_maximum": 160,
        "opening_bid_points": None,
        "made": "cards_and_bid",
        "no_trump_bid": "single",
        "sequence_split": False,
        "no_trump_carre_points": {},
    },
    "klaberjass": {
        "players": 2,
        "hand_size": 9,
        "trump_modes": SUITS,
        "trump_lead_overtrump": "always",
        "void_trump": "always",
        "partner_winning_trump": UNUSED,  # (no partner)
        "undertrump": "must",
        "declarations": "sequences",
        "sequence_points": {3: 20, 4: 50},
        "sequence_cap": None,
        "card_in_two_declarations": UNUSED,  # no carrés
        "declaration_tie": "none_score",
        "declaration_needs_trick": True,
        "belote_points": 20,
        "contract": "total_more_than_opponent",
        "failed": "opponent_takes_both_totals",
        "last_trick_bonus": 10,
        "capot_bonus": None,  # capot: none
        # "(tie rule above)": the tie is settled by `failed`, nothing is held over.
        "litige": "none",
        "no_trump_points": UNUSED,
        "all_trump_points": UNUSED,
        "target": 501,
        "bidding": "klaberjass",
        "redeal_dealer": "same",
        "second_round_modes": "suits",
        "trump_seven_exchange": True,
        "coinche_timing": "in_turn",
        "bid_minimum": 80,
        "bid_step": 10,
        "bid_maximum": 160,
        "opening_bid_points": None,
        "made": "cards_and_bid",
        "no_trump_bid": "single",
        "sequence_split": False,
        "no_trump_carre_points": {},
    },
    "belote-ffb": {
        "players": 4,
        "hand_size": 8,
        "trump_modes": SUITS,
        "trump_lead_overtrump": "always",
        "void_trump": "unless_partner_winning",
        "partner_winning_trump": "free",
        "undertrump": "must",
        "declarations": "all",
        "sequence_points": SEQ_345,
        "sequence_cap": 5,
        "card_in_two_declarations": True,
        "declaration_tie": "none_score",
        "declaration_needs_trick": False,
        "belote_points": 20,
        "contract": "total_more_than_defenders",
        "failed": "defenders_take_cards_and_declarations",
        "last_trick_bonus": 10,
        "capot_bonus": 100,
        "litige": "hold_over",
        "no_trump_points": UNUSED,
        "all_trump_points": UNUSED,
        "target": 1000,
        "bidding": "turned_card",
        "redeal_dealer": "next",
        "second_round_modes": "suits",
        "trump_seven_exchange": False,
        "coinche_timing": "in_turn",
        "bid_minimum": 80,
        "bid_step": 10,
        "bid_maximum": 160,
        "opening_bid_points": None,
        "made": "cards_and_bid",
        "no_trump_bid": "single",
        "sequence_split": False,
        "no_trump_carre_points": {},
    },
    "coinche": {
        "players": 4,
        "hand_size": 8,
        "trump_modes": ALL_MODES,
        "trump_lead_overtrump": "always",
        "void_trump": "unless_partner_winning",
        "partner_winning_trump": "free",  # FFB contrée 2016 section 5.2.3
        "undertrump": "may",  # FFB contrée 2016 section 5.2.2
        "declarations": "all",
        "sequence_points": SEQ_345,
        "sequence_cap": 5,
        "card_in_two_declarations": True,
        "declaration_tie": "none_score",
        "declaration_needs_trick": False,
        "belote_points": 20,
        "contract": "bid",
        "failed": "coinche",
        "last_trick_bonus": 10,
        "capot_bonus": 100,
        "litige": "none",
        "no_trump_points": "ace_19",
        "all_trump_points": "scaled",
        "target": 2000,
        "bidding": "coinche",
        "redeal_dealer": "next",
        "second_round_modes": UNUSED,
        "trump_seven_exchange": False,
        "coinche_timing": "in_turn",
        "bid_minimum": 80,
        "bid_step": 10,
        "bid_maximum": 160,
        "opening_bid_points": None,
        "made": "cards_and_bid",
        "no_trump_bid": "single",
        "sequence_split": False,
        "no_trump_carre_points": {},
    },
}

#: The parameters of docs/rules-belot-klaverjas.md section 1 keep their defaults in the six
#: presets of docs/rules.md ("defaults are the current behaviour").
COMPANION_DEFAULTS = {
    "declarations_from": "hand",
    "declaration_compare": "single_contest",
    "sequence_trump_tiebreak": True,
    "carre_points": {"9": 150, "10": 100, "J": 200, "Q": 100, "K": 100, "A": 100},
    "carre_order": "sequence",
    "declarations_in_no_trump": True,
    "belote_from": "hand",
    "belote_on_discard": "counts",
    "capot_mode": "instead_of_last_trick",
    "doubling": "none",
    "capot_multiplied": True,
    "score_units": "points",
    "match_capot_cannot_finish": False,
    "match_hanging_blocks_finish": False,
    "match_deals": None,
    "first_speaker": "after_dealer",
    "proposed_all_pass": "choose_other",
}
#: The variant parameters of docs/house-rules.md keep their defaults in every preset.
VARIANT_DEFAULTS = {
    "coinche_multiplier": 2,
    "surcoinche_multiplier": 4,
    "coinched_made": "made",
    "failed_capot": "with_capot_bonus",
    "capot_when": "every_trick",
    "card_points_scale": "none",
    "belote_in_all_trump": True,
    "raise_own_bid": "never",
    "coinche_cancelled_by_bid": False,
    "open_match": False,
}
for _table in EXPECTED.values():
    _table.update(COMPANION_DEFAULTS)
    _table.update(VARIANT_DEFAULTS)

#: The deal and the announcements of a round record (docs/api.md "A whole round"), per
#: preset: packets, completion, shuffle or cut, next dealer, belote said, the comparison.
_DEAL = ("deal_packets", "completion", "deal_shuffle", "next_dealer", "belote_said")
DEAL_EXPECTED = {
    "belote": ("3-2", "taker_gets_turned", "shuffle", "after_dealer", "not_needed"),
    "klob": ("3-2", "taker_gets_turned", "cut", "after_dealer", "not_needed"),
    "cardavia": ("3-2", "taker_gets_turned", "shuffle", "after_dealer", "not_needed"),
    "klaberjass": ("3-3", "equal", "shuffle", "round_winner", "not_needed"),
    "belote-ffb": ("3-2", "taker_gets_turned", "shuffle", "after_dealer", "required"),
    "coinche": ("3-2-3", "equal", "shuffle", "after_dealer", "not_needed"),
    "belot": ("3-2", "equal", "shuffle", "after_dealer", "not_needed"),
    "klaverjas-rotterdam": ("3-2-3", "equal", "shuffle", "after_dealer", "not_needed"),
    "klaverjas-amsterdam": ("3-2-3", "equal", "shuffle", "after_dealer", "not_needed"),
}
for _name, _values in DEAL_EXPECTED.items():
    if _name not in EXPECTED:
        continue  # the three further presets: tests/engine/test_belot_klaverjas_presets.py
    EXPECTED[_name].update(zip(_DEAL, _values, strict=True))
    EXPECTED[_name].update(
        cut_minimum=2,
        cutter="before_dealer",
        declarations_count="announced",
        declaration_procedure="compare" if _name == "klaberjass" else "show",
    )


def test_exactly_the_nine_presets_with_belote_the_default():
    # docs/rules.md's six, then docs/rules-belot-klaverjas.md's three.
    assert list(PRESETS) == [
        "belote",
        "klob",
        "cardavia",
        "klaberjass",
        "belote-ffb",
        "coinche",
        "belot",
        "klaverjas-rotterdam",
        "klaverjas-amsterdam",
    ]
    assert DEFAULT_RULESET == "belote"
    assert get_ruleset() is PRESETS["belote"]
    assert get_ruleset(None, None) is PRESETS["belote"]


@pytest.mark.parametrize("name", list(EXPECTED))
def test_preset_covers_every_parameter(name):
    assert set(EXPECTED[name]) == set(PARAMETERS), "update EXPECTED from docs/rules.md"


@pytest.mark.parametrize(
    ("name", "parameter"),
    [
        (name, parameter)
        for name, table in EXPECTED.items()
        for parameter, value in table.items()
        if value is not UNUSED
    ],
)
def test_preset_parameter_is_the_rules_md_value(name, parameter):
    actual = getattr(PRESETS[name], parameter)
    expected = EXPECTED[name][parameter]
    if isinstance(expected, dict):
        actual = dict(actual)
    assert actual == expected
    assert type(actual) is type(expected)  # True is not 1, 5 is not 5.0


@pytest.mark.parametrize("name", list(PRESETS))
def test_preset_name_and_title(name):
    preset = get_ruleset(name)
    assert preset.name == name
    assert preset.title and preset.source
    assert preset.players * preset.hand_size <= 32


def test_teams_and_partners():
    four, two = PRESETS["belote"], PRESETS["klaberjass"]
    assert [four.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [four.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert [two.team_of(s) for s in range(2)] == [0, 1]
    assert [two.partner_of(s) for s in range(2)] == [None, None]


@pytest.mark.parametrize(
    ("name", "length", "points"),
    [
        ("belote", 2, 0),
        ("belote", 3, 20),
        ("belote", 4, 50),
        ("belote", 5, 100),
        ("belote", 7, 100),  # cap 5: counts as its top five cards
        ("klaberjass", 3, 20),
        ("klaberjass", 4, 50),
        ("klaberjass", 6, 50),  # cap null: lengths above the largest key score as 4
    ],
)
def test_sequence_value(name, length, points):
    assert PRESETS[name].sequence_value(length) == points


def test_parameters_are_plain_json_data():
    data = PRESETS["coinche"].parameters()
    assert list(data) == list(PARAMETERS)
    assert data["trump_modes"] == list(ALL_MODES)
    assert data["sequence_points"] == {"3": 20, "4": 50, "5": 100}
    assert json.loads(json.dumps(data)) == data


# --- each parameter declared once (service/engine/rulesets.py) ----------------------------

RULESETS_PY = Path(rulesets.__file__)
ROOT = RULESETS_PY.parents[2]


def test_each_parameter_is_a_field_with_its_type_default_meaning_and_source():
    fields = {f.name: f for f in dataclasses.fields(Ruleset)}
    assert [name for name in fields if "parameter" in fields[name].metadata] == list(PARAMETERS)
    for name, spec in PARAMETERS.items():
        assert spec.description, name
        path, section = re.fullmatch(r"(docs/[a-z-]+\.md),? (.+)", spec.source).groups()
        assert (ROOT / path).is_file() and section, (name, spec.source)
    # the values of an enum are its field's Literal type, which a type checker reads
    assert PARAMETERS["undertrump"].values == ("must", "may", "forbidden")
    assert PARAMETERS["players"].values == (2, 4)
    assert (PARAMETERS["target"].kind, PARAMETERS["target"].nullable) == ("int", True)
    assert PARAMETERS["carre_points"].kind == "rank_points"
    assert PARAMETERS["sequence_points"].kind == "points"


def _plain(value):
    return dict(value) if isinstance(value, Mapping) else value


def test_presets_state_only_what_differs_from_the_defaults_each_with_its_source():
    """Every value a preset (or the Klaverjassen base it shares) states differs from the
    parameter's default, and a comment names its rule: on its line or just above."""
    text = RULESETS_PY.read_text(encoding="utf-8")
    lines = text.splitlines()
    defaults = Ruleset(name="", title="", source="")
    stated = 0
    for call in ast.walk(ast.parse(text)):
        if not isinstance(call, ast.Call):
            continue
        func = call.func
        if not (
            (isinstance(func, ast.Name) and func.id == "Ruleset")
            or (isinstance(func, ast.Attribute) and func.attr == "replace")
        ):
            continue
        for keyword in call.keywords:
            if keyword.arg in (None, "name", "title", "source"):
                continue
            value = eval(compile(ast.Expression(keyword.value), "", "eval"), vars(rulesets))
            default = getattr(defaults, keyword.arg)
            assert _plain(value) != _plain(default), f"{keyword.arg} restates its default"
            line, above = lines[keyword.lineno - 1], lines[keyword.lineno - 2].strip()
            sourced = "  # " in line or above.startswith("#")
            assert sourced, f"line {keyword.lineno}: {keyword.arg} without its source"
            stated += 1
    assert stated > 50


def test_the_literal_types_are_what_a_type_checker_reads():
    hints = typing.get_type_hints(Ruleset)
    assert typing.get_args(hints["undertrump"]) == PARAMETERS["undertrump"].values
    assert hints["undertrump"] is rulesets.UndertrumpRule


# --- options ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "stored"),
    [
        ("trump_lead_overtrump", "always", "always"),
        ("void_trump", "unless_partner_winning", "unless_partner_winning"),
        ("partner_winning_trump", "overtrump_if_able", "overtrump_if_able"),
        ("undertrump", "forbidden", "forbidden"),
        ("undertrump", "may", "may"),
        ("players", 2, 2),
        ("players", 2.0, 2),
        ("hand_size", 5, 5),
        ("target", 53.0, 53),
        ("target", None, None),
        ("sequence_cap", None, None),
        ("capot_bonus", 90, 90),
        ("card_in_two_declarations", True, True),
        ("trump_modes", ["H", "none"], ("H", "none")),
        ("sequence_points", {"3": 20, "4": 40.0}, {3: 20, 4: 40}),
        ("no_trump_points", "ace_19", "ace_19"),
    ],
)
def test_option_overrides_one_parameter_by_name(option, value, stored):
    preset = PRESETS["belote"]
    ruleset = get_ruleset("belote", {option: value})
    actual = getattr(ruleset, option)
    assert (dict(actual) if option == "sequence_points" else actual) == stored
    assert type(actual if option != "sequence_points" else dict(actual)) is type(stored)
    for other in PARAMETERS:
        if other != option:
            assert getattr(ruleset, other) == getattr(preset, other)
    assert ruleset.name == "belote"


def test_several_options_at_once():
    ruleset = get_ruleset("coinche", {"undertrump": "may", "target": 1000, "players": 4})
    assert (ruleset.undertrump, ruleset.target, ruleset.contract) == ("may", 1000, "bid")


def test_53_point_0_is_an_integer():
    ruleset = get_ruleset("belote", {"target": 53.0, "hand_size": 8.0, "belote_points": 20.0})
    assert ruleset.target == 53 and type(ruleset.target) is int
    assert type(ruleset.hand_size) is int and type(ruleset.belote_points) is int


def test_unknown_ruleset():
    with pytest.raises(RulesetError) as error:
        get_ruleset("bridge")
    assert error.value.field == "ruleset"
    assert "bridge" in str(error.value) and "belote" in str(error.value)


def test_unknown_option_is_named():
    with pytest.raises(RulesetError) as error:
        get_ruleset("belote", {"overtrump": "always"})
    assert error.value.field == "overtrump"
    assert "unknown option 'overtrump'" in str(error.value)
    assert "trump_lead_overtrump" in str(error.value)  # lists the known ones


BAD_VALUES = [
    # enum of strings
    ("trump_lead_overtrump", "sometimes"),
    ("trump_lead_overtrump", None),
    ("trump_lead_overtrump", 1),
    ("void_trump", "ALWAYS"),
    ("partner_winning_trump", True),
    ("undertrump", "allowed"),
    ("undertrump", ["must"]),
    ("declarations", "carres"),
    ("litige", ""),
    # enum of integers
    ("players", 3),
    ("players", "4"),
    ("players", 4.5),
    ("players", True),
    # integers
    ("hand_size", 2.5),
    ("hand_size", "7"),
    ("hand_size", True),
    ("hand_size", 0),
    ("hand_size", 17),
    ("hand_size", None),
    ("target", 2.5),
    ("target", "7"),
    ("target", True),
    ("target", 0),
    ("belote_points", -1),
    ("sequence_cap", 2),
    ("sequence_cap", 2.5),
    ("capot_bonus", "100"),
    # booleans
    ("card_in_two_declarations", "true"),
    ("card_in_two_declarations", 1),
    ("declaration_needs_trick", None),
    # trump mode lists
    ("trump_modes", []),
    ("trump_modes", "H"),
    ("trump_modes", ["X"]),
    ("trump_modes", ["H", "H"]),
    ("trump_modes", ["h"]),
    ("trump_modes", [1]),
    # sequence point tables
    ("sequence_points", {"2": 10}),
    ("sequence_points", {"9": 10}),
    ("sequence_points", {"3": -1}),
    ("sequence_points", {"3": 10001}),  # the spec caps points at 10000; so does the engine
    ("sequence_points", {"3": 2.5}),
    ("sequence_points", {"3": "20"}),
    ("sequence_points", {"three": 20}),
    ("sequence_points", [[3, 20]]),
]
#: docs/rules-belot-klaverjas.md section 1: the new values and the rank table kind.
BAD_VALUES += [
    ("partner_winning_trump", "undertrump"),
    ("declarations_from", "table"),
    ("declaration_compare", "by_value"),
    ("sequence_trump_tiebreak", "yes"),
    ("carre_points", {"B": 100}),
    ("carre_points", {"J": -1}),
    ("carre_points", {"J": 10001}),
    ("carre_points", {"J": "200"}),
    ("carre_points", [["J", 200]]),
    ("carre_order", "natural"),
    ("belote_from", "table"),
    ("belote_on_discard", "kept"),
    ("failed", "defenders_take_everything"),
    ("litige", "hold_all"),
    ("capot_mode", "plus"),
    ("doubling", "coinche"),
    ("score_units", "tens"),
    ("match_deals", 0),
    ("bidding", "klaverjas"),
    ("first_speaker", "left_of_dealer"),
    ("proposed_all_pass", "redeal"),
]


@pytest.mark.parametrize(("option", "value"), BAD_VALUES)
def test_bad_option_value_is_refused_naming_the_option(option, value):
    with pytest.raises(RulesetError) as error:
        get_ruleset("belote", {option: value})
    assert error.value.field == option
    message = str(error.value)
    assert f"option '{option}'" in message
    assert "expected" in message and "got" in message


def test_every_parameter_kind_has_a_bad_value_case():
    kinds = {PARAMETERS[option].kind for option, _ in BAD_VALUES}
    assert kinds == {p.kind for p in PARAMETERS.values()}


def test_inconsistent_options_are_refused():
    with pytest.raises(RulesetError) as error:
        get_ruleset("belote", {"hand_size": 9})  # 4 x 9 = 36 > 32 cards
    assert error.value.field == "hand_size"
    with pytest.raises(RulesetError) as error:
        get_ruleset("cardavia", {"declarations": "all"})  # cardavia has no sequence points
    assert error.value.field == "sequence_points"
    # An empty table is a value of its own (cardavia's), refused only where sequences score.
    assert not get_ruleset("cardavia", {"sequence_points": {}}).sequence_points
    with pytest.raises(RulesetError) as error:
        get_ruleset("belote", {"sequence_points": {}})
    assert error.value.field == "sequence_points"
    assert "sequence_points" in str(error.value)


# --- immutability -----------------------------------------------------------------------


def test_rulesets_are_immutable():
    preset = PRESETS["belote"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        preset.undertrump = "may"
    with pytest.raises(TypeError):
        preset.sequence_points[3] = 0
    assert isinstance(preset.trump_modes, tuple)


def test_options_never_change_the_preset():
    before = PRESETS["belote"].parameters()
    changed = get_ruleset("belote", {"undertrump": "may", "sequence_points": {"3": 1}})
    assert changed is not PRESETS["belote"]
    assert changed.undertrump == "may"
    assert PRESETS["belote"].parameters() == before
    assert get_ruleset("belote").undertrump == "must"


def test_no_options_returns_the_preset_itself():
    assert PRESETS["klob"].with_options(None) is PRESETS["klob"]
    assert PRESETS["klob"].with_options({}) is PRESETS["klob"]
    assert isinstance(get_ruleset("klob", {}), Ruleset)
