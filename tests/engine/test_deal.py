"""The deal (service/engine/deal.py): the documented algorithm, reimplemented here from
docs/api.md ("The deal") as a client in another language would, with fixed test vectors;
the packets of every preset; Klob's cut; the completion after the auction; the next dealer.
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import parse_card
from service.engine.deal import (
    DEAL_VERSION,
    commitment,
    complete_hands,
    deal_round,
    gather,
    next_dealer,
    pack_of,
)
from service.engine.play import PositionError
from service.engine.rulesets import PRESETS, get_ruleset

NAMES = [r + s for s in "CDHS" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]


# --- the algorithm as docs/api.md writes it, from scratch --------------------------------


def _words(seed: str):
    counter = 0
    while True:
        block = hashlib.sha256(seed.encode() + counter.to_bytes(8, "big")).digest()
        for i in range(8):
            yield int.from_bytes(block[4 * i : 4 * i + 4], "big")
        counter += 1


def _documented_pack(seed: str) -> list[str]:
    words = _words(seed)

    def below(n):
        while True:
            x = next(words)
            if x < 2**32 - 2**32 % n:
                return x % n

    pack = list(NAMES)
    for i in range(31, 0, -1):
        j = below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def _documented_commitment(pack: list[str], salt_hex: str) -> str:
    return hashlib.sha256(f"belote-deal-1\n{salt_hex}\n{' '.join(pack)}".encode()).hexdigest()


def _names(cards) -> list[str]:
    return [NAMES[c] for c in cards]


#: Test vectors: the seed, the pack top first, the salt and the commitment.
VECTORS = [
    (
        "vector-1",
        "8D AD 9C KC JS KD JD QC 9D 7H KH JC QS 9S 7D 9H 7S 10C 8C 8S QD 10S KS 7C AS AH JH "
        "10D QH 8H AC 10H",
        "c1425310337eed8f7257ea91aeaa93e7",
        "ad1de0cbe1e53ae1f16568c5d42dd6cc07dbf104f8e2755ceb9ab0bb0cf80b61",
    ),
    (
        "table 7, round 1",
        "7H QH 10S 7C 8D JD QD JH 8S 7D AH 8H KD AD JC 9H 10H QC KS 7S 8C 9S QS 9D JS KH AS "
        "AC 9C 10C KC 10D",
        "f655b7cf039c387328772cc489d5e115",
        "f59f9f42d988a54014e57e15cde1a5b8944422c53df772c8727c51ef55e41782",
    ),
    (
        "Ωmega",
        "7D 7C 10H JH 10C 8D 9H QH AH 8S 10D AD AC KH 7S KC 7H QC 9C 9S KD 10S QS 8C JC KS JS "
        "8H 9D AS QD JD",
        "c8fe0bf801abe7ec9c03ea66de4c0f7c",
        "16631cedb8dcf57da25e7853c7678d6c19a2a4705320ddaca7f31dcf76513673",
    ),
]


@pytest.mark.parametrize(("seed", "pack", "salt", "committed"), VECTORS)
def test_seeded_deal_is_the_test_vector(seed, pack, salt, committed):
    dealt = deal_round(PRESETS["belote"], 0, seed=seed)
    assert _names(dealt.pack) == pack.split()
    assert dealt.salt.hex() == salt
    assert dealt.commitment == committed
    assert _documented_pack(seed) == pack.split()
    assert _documented_commitment(pack.split(), salt) == committed
    assert salt == hashlib.sha256(f"{DEAL_VERSION} salt\n{seed}".encode()).hexdigest()[:32]


@settings(max_examples=60, deadline=None)
@given(seed=st.text(min_size=1, max_size=40))
def test_the_engine_deals_as_the_documentation_says(seed):
    dealt = deal_round(PRESETS["coinche"], 1, seed=seed)
    assert _names(dealt.pack) == _documented_pack(seed)
    assert dealt.commitment == _documented_commitment(_documented_pack(seed), dealt.salt.hex())


def test_without_a_seed_every_deal_differs_and_has_a_fresh_salt():
    a, b = (deal_round(PRESETS["belote"], 0) for _ in range(2))
    assert a.pack != b.pack and a.salt != b.salt
    assert sorted(a.pack) == list(range(32))
    assert commitment(a.pack, a.salt) == a.commitment


# --- the packets of each preset ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "before", "turned", "stock"),
    [
        ("belote", 5, True, 11),  # 3+2, a card turned (seed 003, 000, 001)
        ("klob", 5, True, 11),
        ("cardavia", 5, True, 11),
        ("belote-ffb", 5, True, 11),
        ("klaberjass", 6, True, 19),  # 3+3 each of two, a card turned (seed 002)
        ("coinche", 8, False, 0),  # 3-2-3, no turned card
        ("belot", 5, False, 12),  # 3+2, then 3 each (rules-belot-klaverjas.md 2.2)
        ("klaverjas-rotterdam", 8, False, 0),  # 3-2-3 (3.1)
        ("klaverjas-amsterdam", 8, False, 0),
    ],
)
def test_each_preset_deals_its_packets(name, before, turned, stock):
    ruleset = PRESETS[name]
    dealt = deal_round(ruleset, 1, seed="packets")
    assert all(len(h) == before for h in dealt.hands)
    assert (dealt.turned is not None) == turned
    assert len(dealt.stock) == stock
    assert pack_of(ruleset, 1, dealt.hands, dealt.turned, dealt.stock) == dealt.pack


def test_packets_go_round_from_the_seat_after_the_dealer():
    dealt_3_2 = deal_round(PRESETS["belote"], 3, seed="x")
    # 3 cards to seat 0 (after dealer 3), 3 to seat 1 ... then 2 each: seat 0 holds
    # pack[0:3] and pack[12:14]; the turned card is pack[20].
    p = dealt_3_2.pack
    assert dealt_3_2.hands[0] == (*p[0:3], *p[12:14])
    assert dealt_3_2.hands[3] == (*p[9:12], *p[18:20])
    assert dealt_3_2.turned == p[20] and dealt_3_2.stock == p[21:]
    coinche = deal_round(PRESETS["coinche"], 0, seed="x")
    q = coinche.pack
    assert coinche.hands[1] == (*q[0:3], *q[12:14], *q[20:23])
    assert coinche.stock == ()


def test_the_taker_receives_the_turned_card_and_two_more_the_others_three():
    ruleset = PRESETS["belote"]
    dealt = deal_round(ruleset, 3, seed="completion")
    full, left = complete_hands(ruleset, 3, dealt.hands, dealt.turned, dealt.stock, taker=2)
    s = dealt.stock
    assert full[0] == (*dealt.hands[0], *s[0:3])
    assert full[1] == (*dealt.hands[1], *s[3:6])
    assert full[2] == (*dealt.hands[2], dealt.turned, *s[6:8])
    assert full[3] == (*dealt.hands[3], *s[8:11])
    assert left == ()
    assert sorted(c for h in full for c in h) == list(range(32))


def test_klaberjass_deals_three_more_each_and_leaves_the_turned_card():
    ruleset = PRESETS["klaberjass"]
    dealt = deal_round(ruleset, 0, seed="klab")
    full, left = complete_hands(ruleset, 0, dealt.hands, dealt.turned, dealt.stock, taker=0)
    assert [len(h) for h in full] == [9, 9]
    assert dealt.turned not in full[0] + full[1]
    assert full[1] == (*dealt.hands[1], *dealt.stock[0:3])  # the non-dealer first
    assert len(left) == 13


def test_a_pack_that_is_not_a_deal_is_refused():
    ruleset = PRESETS["belote"]
    dealt = deal_round(ruleset, 0, seed="bad")
    hands = list(dealt.hands)
    hands[1] = (*hands[1][:4], hands[0][0])
    with pytest.raises(PositionError) as error:
        pack_of(ruleset, 0, hands, dealt.turned, dealt.stock)
    assert "dealt twice" in str(error.value)
    with pytest.raises(PositionError) as error:
        pack_of(ruleset, 0, dealt.hands, None, dealt.stock)
    assert error.value.field == "deal.turned"


# --- Klob: never shuffled, cut ------------------------------------------------------------


def test_klob_gathers_the_tricks_in_order_and_the_seat_before_the_dealer_cuts():
    ruleset = PRESETS["klob"]
    tricks = [tuple(range(4 * t, 4 * t + 4)) for t in range(8)]
    previous = gather(tricks)
    assert previous == tuple(range(32))
    dealt = deal_round(ruleset, 2, seed="cut-1", previous=previous)
    assert not dealt.shuffled
    assert dealt.cutter == 1  # the seat before dealer 2: left of the dealer (seed 000)
    assert dealt.cut == 12
    assert _names(dealt.pack)[:4] == ["JD", "QD", "KD", "AD"]  # card 12 onwards on top
    assert dealt.pack == previous[12:] + previous[:12]


@settings(max_examples=80, deadline=None)
@given(seed=st.text(min_size=1, max_size=20), minimum=st.integers(1, 15))
def test_a_cut_leaves_at_least_the_minimum_at_each_end(seed, minimum):
    ruleset = get_ruleset("klob", {"cut_minimum": minimum})
    dealt = deal_round(ruleset, 0, seed=seed, previous=tuple(range(32)))
    assert minimum <= dealt.cut <= 32 - minimum


def test_klob_without_a_previous_round_shuffles():
    dealt = deal_round(PRESETS["klob"], 0, seed="first round")
    assert dealt.shuffled and dealt.cut is None


# --- klaverjas: the proposed suit ---------------------------------------------------------


def test_proposed_suit_is_drawn_after_the_pack_or_stated():
    ruleset = PRESETS["klaverjas-rotterdam"]
    assert deal_round(ruleset, 0, seed="p").proposed == "H"
    assert deal_round(ruleset, 0, seed="p", proposed="C").proposed == "C"
    bga = get_ruleset("klaverjas-rotterdam", {"proposed_all_pass": "new_proposal"})
    dealt = deal_round(bga, 0, seed="p")
    assert dealt.second_proposed not in (None, dealt.proposed)
    assert deal_round(PRESETS["klaverjas-amsterdam"], 0, seed="p").proposed is None


# --- the next dealer ----------------------------------------------------------------------


def test_the_next_dealer():
    belote, klab = PRESETS["belote"], PRESETS["klaberjass"]
    assert next_dealer(belote, 3, winner=1) == 0  # the seat after the dealer
    assert next_dealer(belote, 1, winner=None) == 2
    assert next_dealer(belote, 3, None, redeal=True) == 3  # redeal_dealer same (seed 003)
    assert next_dealer(PRESETS["belot"], 3, None, redeal=True) == 0  # the next seat
    assert next_dealer(klab, 0, winner=1) == 1  # the winner of the hand deals (seed 002)
    assert next_dealer(klab, 0, winner=0) == 0
    assert next_dealer(klab, 1, None, redeal=True) == 1
    assert next_dealer(klab, 1, winner=None) == 1  # no winner: the dealer again
    four = get_ruleset("belote", {"next_dealer": "round_winner"})
    assert next_dealer(four, 3, winner=1) == 1  # team 1's first seat after the dealer
    assert next_dealer(four, 0, winner=0) == 2


def test_card_names_are_the_canonical_order():
    assert [parse_card(n) for n in NAMES] == list(range(32))
