"""What a computer seat does at the table besides bidding and playing: the actions it
takes without a search, from its own view (:class:`..engine.round_view.RoundView`) only.

- The trump seven (Klaberjass's ``exchange``): always exchanged: the turned card is a
  higher trump than the seven it replaces.
- The comparison of sequences: the non-dealer states its longest sequence (and its top
  card when asked "how high"); the dealer gives the strongest true answer it has: not
  good, how high, same, then good.
- Declarations: its best set (:func:`..engine.declarations.find_declarations`: the set
  worth most, as the ruleset counts them), one at a time, strongest first; the comparison's
  winner shows the compared sequence first. Only announced declarations score.
- Belote is said with its card (the card player chooses the card; the route turns a
  belote card into ``belote`` with that card), so a ruleset that requires it
  (``belote_said: required``) never loses it.
"""

from __future__ import annotations

from ..engine.actions import Action, CompareAction, DeclareAction, ExchangeAction
from ..engine.cards import cards_in
from ..engine.round_view import RoundView

#: The dealer's answers, strongest first; the non-dealer's only step is ``state``.
ANSWERS = ("not_good", "how_high", "same", "state", "good")


def announcement(view: RoundView) -> Action | None:
    """The action the viewer takes now without a search, or None (it bids, plays a card
    or has nothing to do)."""
    open_ = view.actions_open
    swap = [a for a in open_ if isinstance(a, ExchangeAction) and a.swap]
    if swap:
        return swap[0]
    steps = [a for a in open_ if isinstance(a, CompareAction)]
    if steps:
        return min(steps, key=lambda a: ANSWERS.index(a.step))
    if view.legal.declarations:
        best = view.legal.declarations[0]
        return DeclareAction(tuple(cards_in(best.cards)), view.viewer)
    return None


def wants_to_act(view: RoundView) -> bool:
    """Whether the viewer, not the seat to act, would act now (the comparison's winner
    showing its sequences while the other seat is to play)."""
    return view.seat != view.viewer and announcement(view) is not None
