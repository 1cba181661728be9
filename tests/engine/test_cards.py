"""Card notation (docs/api.md "Card"), bit sets, and the rank/point tables of
docs/rules.md section 1."""

from __future__ import annotations

import itertools
import re

import jsonschema
import pytest

from service.engine.cards import (
    ACE,
    ALL_CARDS,
    CARD_PATTERN,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    JACK,
    KING,
    NINE,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    QUEEN,
    SEVEN,
    SPADES,
    SUIT_MASKS,
    TEN,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
    CardError,
    bit,
    card,
    card_name,
    cards_above,
    cards_in,
    count,
    is_trump_card,
    mask_of,
    parse_card,
    rank_of,
    strength,
    suit_of,
    trump_suit,
)

# --- parsing and printing ---------------------------------------------------------------

CANONICAL = {
    "7C": card(SEVEN, CLUBS),
    "8D": card(EIGHT, DIAMONDS),
    "9H": card(NINE, HEARTS),
    "10H": card(TEN, HEARTS),
    "JS": card(JACK, SPADES),
    "QC": card(QUEEN, CLUBS),
    "KD": card(KING, DIAMONDS),
    "AD": card(ACE, DIAMONDS),
    "AS": 31,
}


@pytest.mark.parametrize(("text", "expected"), CANONICAL.items())
def test_canonical_notation_parses_and_prints_back(text, expected):
    assert parse_card(text) == expected
    assert card_name(expected) == text


def test_card_index_is_suit_times_8_plus_natural_rank():
    # suits C D H S = 0..3, ranks 7 8 9 10 J Q K A = 0..7
    assert parse_card("7C") == 0
    assert parse_card("AC") == 7
    assert parse_card("7D") == 8
    assert parse_card("10H") == 2 * 8 + 3
    assert parse_card("JS") == 3 * 8 + 4
    assert suit_of(parse_card("QH")) == HEARTS
    assert rank_of(parse_card("QH")) == QUEEN


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("TH", "10H"),
        ("th", "10H"),
        ("tH", "10H"),
        ("10h", "10H"),
        ("js", "JS"),
        ("Js", "JS"),
        ("jS", "JS"),
        ("qd", "QD"),
        ("kc", "KC"),
        ("ad", "AD"),
        ("7s", "7S"),
        ("A♠", "AS"),
        ("10♥", "10H"),
        ("T♦", "10D"),
        ("j♣", "JC"),
        ("9♣", "9C"),
        ("k♥", "KH"),
    ],
)
def test_aliases_parse_to_the_canonical_card(alias, canonical):
    assert card_name(parse_card(alias)) == canonical


def test_all_32_cards_round_trip_and_are_distinct():
    names = [card_name(c) for c in range(32)]
    assert len(set(names)) == 32
    assert [parse_card(n) for n in names] == list(range(32))
    for name in names:
        assert re.fullmatch(r"(7|8|9|10|J|Q|K|A)[CDHS]", name)


BAD_STRINGS = [
    "1H",  # no rank 1
    "10",  # no suit
    "",  # nothing
    "Jſ",  # long s is not an s
    " 10H",  # no surrounding blanks
    "10H ",
    "10H\n",
    "11H",  # no rank 11
    "H10",  # suit first
    "10HH",
    "6H",  # 32-card deck: no six
    "BH",
    "JX",
    "010H",
    "JH♥",
    "１0H",  # full-width digit
    "J",
    "♥",
]


@pytest.mark.parametrize("text", BAD_STRINGS)
def test_bad_strings_raise_a_card_error_that_names_the_input(text):
    with pytest.raises(CardError) as error:
        parse_card(text)
    message = str(error.value)
    assert repr(text)[1:-1] in message or text in message
    assert "rank" in message and "suit" in message


@pytest.mark.parametrize("value", [10, 10.0, None, True, ["10H"], {"card": "10H"}, b"10H"])
def test_non_strings_raise_a_card_error(value):
    with pytest.raises(CardError, match="must be a string"):
        parse_card(value)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


# --- CARD_PATTERN agrees with parse_card --------------------------------------------------


def _accepted(text: str) -> bool:
    try:
        parse_card(text)
    except CardError:
        return False
    return True


def _generated_strings() -> list[str]:
    """Every string of up to 3 characters over an alphabet of near misses, and more."""
    alphabet = [*"0123456789TJQKAtjqkaCDHScdhsXx ", "♣", "♦", "♥", "♠", "\n", "ſ", "\u212a"]
    out = [""]
    for length in (1, 2, 3):
        out += ["".join(p) for p in itertools.product(alphabet, repeat=length)]
    out += [name + tail for name in map(card_name, range(32)) for tail in ("\n", " ", "H", "0")]
    out += ["\n" + card_name(c) for c in range(32)]
    return out


def test_card_pattern_accepts_exactly_what_parse_card_accepts():
    # JSON Schema's `pattern` is an unanchored search (jsonschema uses re.search).
    strings = _generated_strings()
    assert len(strings) > 40000
    mismatches = [s for s in strings if bool(re.search(CARD_PATTERN, s)) != _accepted(s)]
    assert mismatches == []
    # 14 rank spellings (7 8 9 10 J Q K A j q k a T t) x 12 suit spellings (CDHS cdhs ♣♦♥♠)
    assert sum(map(_accepted, strings)) == 14 * 12


def test_card_pattern_through_a_json_schema_validator():
    schema = {"type": "string", "pattern": CARD_PATTERN}
    for text in ["10H", "th", "J♠"]:
        jsonschema.validate(text, schema)
    for text in ["JH\n", " JH", "1H", "10"]:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(text, schema)


# --- bit sets ---------------------------------------------------------------------------


def test_bit_set_helpers():
    hand = [parse_card(t) for t in ("AS", "7C", "10H", "JD")]
    mask = mask_of(hand)
    assert mask == (1 << 31) | (1 << 0) | (1 << 19) | (1 << 12)
    assert list(cards_in(mask)) == sorted(hand)  # lowest index first
    assert count(mask) == 4
    assert bit(5) == 1 << 5
    assert mask_of([]) == 0
    assert list(cards_in(0)) == []
    assert count(ALL_CARDS) == 32
    assert mask_of(range(32)) == ALL_CARDS


def test_suit_masks_hold_the_eight_cards_of_each_suit():
    for suit in range(4):
        names = sorted(card_name(c) for c in cards_in(SUIT_MASKS[suit]))
        assert names == sorted(r + "CDHS"[suit] for r in ("7", "8", "9", "10", "J", "Q", "K", "A"))
    assert SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3] == ALL_CARDS


def test_trump_helpers():
    assert [trump_suit(t) for t in ("C", "D", "H", "S", "none", "all")] == [0, 1, 2, 3, None, None]
    assert is_trump_card(parse_card("7H"), "H")
    assert not is_trump_card(parse_card("7H"), "S")
    assert not is_trump_card(parse_card("7H"), "none")
    assert all(is_trump_card(c, "all") for c in range(32))


# --- rank and point tables (docs/rules.md section 1) -------------------------------------------


def _order(suit: str, trump: str) -> list[str]:
    """The suit's cards from highest to lowest under the trump mode."""
    cards = [parse_card(r + suit) for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    return [card_name(c)[:-1] for c in sorted(cards, key=lambda c: -strength(c, trump))]


def test_plain_order_is_a_10_k_q_j_9_8_7():
    assert _order("C", "H") == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    assert _order("C", "none") == ["A", "10", "K", "Q", "J", "9", "8", "7"]


def test_trump_order_is_j_9_a_10_k_q_8_7():
    assert _order("H", "H") == ["J", "9", "A", "10", "K", "Q", "8", "7"]
    assert _order("C", "all") == ["J", "9", "A", "10", "K", "Q", "8", "7"]


def test_strength_tables_are_permutations():
    assert sorted(PLAIN_STRENGTH) == list(range(8))
    assert sorted(TRUMP_STRENGTH) == list(range(8))


def test_point_tables():
    #          7  8  9 10  J  Q  K   A
    assert PLAIN_POINTS == (0, 0, 0, 10, 2, 3, 4, 11)
    assert TRUMP_POINTS == (0, 0, 14, 10, 20, 3, 4, 11)
    assert sum(PLAIN_POINTS) == 30  # 11 + 10 + 4 + 3 + 2
    assert sum(TRUMP_POINTS) == 62  # 20 + 14 + 11 + 10 + 4 + 3
    assert 3 * sum(PLAIN_POINTS) + sum(TRUMP_POINTS) == 152  # one trump suit


@pytest.mark.parametrize(
    ("name", "trump", "above"),
    [
        ("JH", "H", []),  # the jack is the highest trump
        ("9H", "H", ["JH"]),
        ("AH", "H", ["9H", "JH"]),
        ("7H", "H", ["8H", "9H", "10H", "JH", "QH", "KH", "AH"]),
        ("JC", "H", ["10C", "QC", "KC", "AC"]),  # plain: A 10 K Q above J
        ("10S", "none", ["AS"]),
        ("AS", "none", []),
        ("QD", "all", ["9D", "10D", "JD", "KD", "AD"]),
    ],
)
def test_cards_above(name, trump, above):
    assert sorted(map(card_name, cards_in(cards_above(parse_card(name), trump)))) == sorted(above)
