"""colver at our table: its engine beside ours, its players in our arena (``make arena``).

colver (PyPI ``colver``, pinned in requirements-test.lock, a benchmark and test
dependency only) is an independent Belote contrée engine with search players in Rust. The
arena plays a round with both engines side by side: every card and every bid is checked
legal in both before it is played, the legal sets of the two engines are compared at every
card, and the two scores are compared at the end. Its players are built from colver's bot
specs (:class:`colver.Agent`), the weight-free ones only: IS-DD over constraint-uniform
worlds, smart IS-MCTS, its heuristic card player, and its double-dummy oracle, which sees
every hand (the ceiling). Its bidders are ``Env.bid_improved`` and ``Env.bid_maxi``.

The two engines agree on the ruleset :data:`OPTIONS` applies to the ``coinche`` preset;
the arena refuses a colver pairing on anything else.

colver's cards are ``suit * 8 + index`` with suits S H D C and indexes in the order 7 8 9 J
Q K 10 A; its trumps 0..3 are S H D C; its bids are 0 pass, 1 + 4 * (value - 80) / 10 +
suit, 37 + suit capot, 41 coinche, 42 surcoinche. Seats and teams are ours (team = seat %
2), and in both engines the seat after the dealer speaks and leads first.
"""

from __future__ import annotations

import os

# One search thread, as our players have: colver's CPU per card is then comparable.
os.environ.setdefault("RAYON_NUM_THREADS", "1")

import colver

from service.engine.bidding import BID, CAPOT, COINCHE, PASS, SURCOINCHE, Call
from service.engine.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    TEN,
    cards_in,
)
from service.engine.play import legal_mask

#: The options of the ``coinche`` preset under which the two engines agree on every legal
#: card and score (docs/house-rules.md, the colver row; tests/engine/test_colver.py checks each
#: one against colver and shows each scoring option necessary). The preset already plays
#: as colver does (FFB 2016: a discard under an opponent's trump allowed, no obligation
#: to trump over a winning partner). colver plays suit contracts only, scores no
#: declarations but belote, needs the takers' total (belote included) to reach the bid,
#: scores a made contract as the takers' total plus the bid, and a coinched one made as
#: every card point and belote to the takers plus the bid times 2 (3 when surcoinched);
#: a failed one gives the defenders both totals (162 with the last trick, even when they
#: took every trick) plus the multiplied bid.
OPTIONS = {
    "trump_modes": ["C", "D", "H", "S"],
    "declarations": "none",
    "contract": "bid_reached",
    "made": "total_plus_multiplied_bid",
    "coinched_made": "takers_take_all",
    "failed": "coinche_both_totals",
    "failed_capot": "mode_total",
    "surcoinche_multiplier": 3,
}
PRESET = "coinche"

#: colver's card index within a suit for each of our ranks (7 8 9 10 J Q K A).
_INDEX = {SEVEN: 0, EIGHT: 1, NINE: 2, JACK: 3, QUEEN: 4, KING: 5, TEN: 6, ACE: 7}
_RANK = {i: r for r, i in _INDEX.items()}
_SUIT = "SHDC"  # colver's suit order; ours is C D H S
_COINCHE_LEVEL = {"none": 0, "coinche": 1, "surcoinche": 2}

#: colver's weight-free players: bot specs (its arena's TOML) by our name for them.
#: ``colver-isdd`` solves a fixed number of worlds per trick (:data:`ISDD_WORLDS`), so
#: its work, like ours, does not depend on the machine's load; ``colver-isdd@150`` (and
#: ``colver-smart``, always) searches for a budget of wall-clock time per card instead
#: (:data:`BUDGET_MS` when no ``@`` says), which a busy machine cuts short. The heuristic
#: and the oracle read every hand (colver's docstrings: "perfect-info").
BUDGET_MS = 150
#: Worlds per trick of ``colver-isdd``: what colver's IS-DD solved per card in 150 ms of
#: one free core of this machine (time_ms = 150, 2 x 32 cards: about 10, 20, 60, 250,
#: 450, 550 and 380 worlds in tricks 1 to 7; 115 ms of CPU a card at the first trick, 25
#: at the seventh).
ISDD_WORLDS = "10,20,60,250,450,550,380,1"
_SPECS = {
    "colver-isdd": '[play]\nmethod = "isdd"\n{budget}\n[worlds]\nsource = "uniform"\n',
    "colver-smart": '[play]\nmethod = "smart_ismcts"\n{budget}\n',
    "colver-heuristic": '[play]\nmethod = "heuristic"\n',
    "colver-oracle": '[play]\nmethod = "oracle_dd"\n',
}
_BIDDERS = {"colver-improved": "bid_improved", "colver-maxi": "bid_maxi"}


def spec(name: str) -> str:
    """The bot spec of colver's card player ``name``."""
    base, _, ms = name.partition("@")
    if base == "colver-isdd" and not ms:
        budget = f'dets_schedule = "{ISDD_WORLDS}"'
    else:
        budget = f"time_ms = {int(ms) if ms else BUDGET_MS}"
    return _SPECS[base].format(budget=budget)


def is_card_player(name: str) -> bool:
    return name.partition("@")[0] in _SPECS


def is_bidder(name: str) -> bool:
    return name in _BIDDERS


def names() -> tuple[str, ...]:
    return (*_SPECS, *_BIDDERS)


def to_colver(c: int) -> int:
    return (3 - (c >> 3)) * 8 + _INDEX[c & 7]


def from_colver(c: int) -> int:
    return (3 - (c >> 3)) * 8 + _RANK[c & 7]


def trump_to_colver(trump: str) -> int:
    return _SUIT.index(trump)


def bid_to_colver(bid: Call) -> int:
    if bid.action == PASS:
        return 0
    if bid.action == COINCHE:
        return 41
    if bid.action == SURCOINCHE:
        return 42
    suit = _SUIT.index(bid.trump)
    if bid.value == CAPOT:
        return 37 + suit
    return 1 + 4 * (int(bid.value) - 80) // 10 + suit


def bid_from_colver(action: int) -> Call:
    if action == 0:
        return Call(PASS)
    if action == 41:
        return Call(COINCHE)
    if action == 42:
        return Call(SURCOINCHE)
    if action >= 37:
        return Call(BID, CAPOT, _SUIT[action - 37])
    step, suit = divmod(action - 1, 4)
    return Call(BID, 80 + 10 * step, _SUIT[suit])


def _hands(hands) -> list[list[int]]:
    return [sorted(to_colver(c) for c in cards_in(h)) for h in hands[:4]]


class Disagreement(AssertionError):  # noqa: N818 - an assertion about two engines
    """The two engines disagree on a legal card, a legal bid or the auction's end."""


class ColverTable:
    """colver's engine following one round of ours, with colver's players at some seats.

    ``hands``: the four full hands (our bit sets); the auction, when there is one, is
    replayed with :meth:`bid`; a fixed contract is set with :meth:`set_contract`. Then
    :meth:`card` follows every card played (checked legal in colver's engine, colver's
    legal set compared with ours), and :meth:`decide` asks a colver player for its card."""

    def __init__(self, hands, dealer: int, seed: int):
        self.env = colver.Env.deal_with_hands(dealer, _hands(hands))
        self.seed = seed
        self.agents: dict[int, colver.Agent] = {}
        self.cards = 0  # cards followed
        self.legal_differences = 0  # cards where colver's legal set was not ours

    def seat(self, seat: int, name: str) -> None:
        """Seat colver's player ``name`` at ``seat`` (before the play starts)."""
        agent = colver.Agent(spec(name), seat=seat, seed=self.seed * 4 + seat)
        self.agents[seat] = agent

    def set_contract(self, trump: str, value: int, team: int, coinche: str = "none") -> None:
        """A contract fixed before play, instead of an auction."""
        self.env.set_contract(trump_to_colver(trump), value, team, _COINCHE_LEVEL[coinche])
        self.env.set_phase_playing()

    def start(self) -> None:
        """The deal starts for colver's players (before the auction, or before the play of
        a fixed contract)."""
        for agent in self.agents.values():
            agent.init_deal(self.env)

    def bid(self, bid: Call) -> None:
        """Follow one bid of our auction (checked legal in colver's)."""
        action = bid_to_colver(bid)
        if action not in self.env.legal_actions():
            name = colver.Env.action_name(action, 0)
            raise Disagreement(f"colver refuses the bid {bid} ({name})")
        for agent in self.agents.values():
            agent.observe(self.env, action)
        self.env.step(action)

    def end_auction(self, contract) -> None:
        """Our auction ended with ``contract`` (None: a redeal): so must colver's."""
        phase = self.env.phase()
        if contract is None:
            if phase != 2:
                raise Disagreement(f"our auction is a redeal; colver's phase is {phase}")
            return
        got = self.env.get_contract()
        want = {
            "trump": trump_to_colver(contract.trump),
            "value": 250 if contract.value == CAPOT else contract.value,
            "team": contract.team,
            "coinche": _COINCHE_LEVEL[contract.coinche],
        }
        if phase != 1 or any(got.get(k) != v for k, v in want.items()):
            raise Disagreement(f"contract {want}, colver's {got} in phase {phase}")

    def card(self, seat: int, c: int, position, hand: int) -> None:
        """Follow one card of ours (legal in our engine): it must be legal in colver's;
        the two legal sets are compared (:attr:`legal_differences` counts the others)."""
        env = self.env
        if env.current_player() != seat:
            raise Disagreement(f"seat {seat} plays; colver's turn: {env.current_player()}")
        theirs = {from_colver(a) for a in env.legal_actions()}
        if c not in theirs:
            raise Disagreement(f"seat {seat}: colver refuses {c}; its legal: {sorted(theirs)}")
        self.legal_differences += theirs != set(cards_in(legal_mask(hand, position)))
        action = to_colver(c)
        for agent in self.agents.values():
            agent.observe(env, action)
        env.step(action)
        self.cards += 1

    def decide(self, seat: int) -> int:
        return from_colver(self.agents[seat].decide(self.env)["action"])

    def rewards(self) -> tuple[float, float]:
        """colver's score of the round, by team."""
        return tuple(self.env.rewards())


def colver_bid(name: str, hands, dealer: int, bids) -> Call:
    """colver's bidder ``name`` for the seat to speak after ``bids``: a fresh colver deal
    replays the auction so far (its bidders read only their own hand and the bids)."""
    env = colver.Env.deal_with_hands(dealer, _hands(hands))
    for bid in bids:
        env.step(bid_to_colver(bid))
    return bid_from_colver(getattr(env, _BIDDERS[name])())
