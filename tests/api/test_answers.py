"""service/api/http/answers.py: the engine's results as JSON-ready data."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.http.answers import as_dict
from service.engine.bidding import Call, run_auction
from service.engine.rulesets import PRESETS

BIDS = st.builds(
    Call,
    st.sampled_from(["pass", "bid", "coinche", "surcoinche", "take", "name", "contra"]),
    st.sampled_from([None, 80, 90, 100, 160, "capot"]),
    st.sampled_from([None, "C", "D", "H", "S", "none", "all"]),
    st.sampled_from([None, 0, 1, 2, 3]),
)


@settings(max_examples=300, deadline=None)
@given(
    ruleset=st.sampled_from(sorted(PRESETS)),
    dealer=st.integers(0, 3),
    turned=st.sampled_from([None, 3, 12, 28]),
    proposed=st.sampled_from([None, "C", "H"]),
    bids=st.lists(BIDS, max_size=12),
)
def test_as_dict_is_dataclasses_asdict(ruleset, dealer, turned, proposed, bids):
    """On every auction state reached (and its contract): the same dict as asdict."""
    ruleset = PRESETS[ruleset]
    for end in range(len(bids) + 1):
        try:
            result = run_auction(ruleset, dealer, bids[:end], turned, proposed)
        except ValueError:  # an illegal bid or start (PositionError)
            continue
        assert as_dict(result) == dataclasses.asdict(result)
        if result.contract is not None:
            assert as_dict(result.contract) == dataclasses.asdict(result.contract)


def test_as_dict_of_contracts():
    auctions = [
        ("coinche", None, [Call("bid", 80, "H"), Call("coinche"), Call("surcoinche")]),
        ("coinche", None, [Call("bid", 80, "H")] + [Call("pass")] * 3),
        ("belote", 12, [Call("take")]),
    ]
    for name, turned, bids in auctions:
        result = run_auction(PRESETS[name], 0, bids, turned)
        assert result.contract is not None
        assert as_dict(result) == dataclasses.asdict(result)
        assert as_dict(result.contract) == dataclasses.asdict(result.contract)
