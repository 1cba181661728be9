"""The phases of a round: the engine's one vocabulary for where a round stands.

- ``auction``: the bids are being made (the auction is not over);
- ``exchange``: Klaberjass's trump seven may be exchanged for the turned card;
- ``play``: the contract is known and tricks remain to be played;
- ``complete``: every trick has been played (the round is scored);
- ``redeal``: everybody passed, the cards are dealt again.

Every part of the engine says these: the round state (:mod:`.round_state`, POST
/v1/rounds/state) and the record check (:mod:`.record`, POST /v1/rounds/validate). The
API answers them as they are, except POST /v1/rounds/validate, which has said ``bidding``
for the auction since it was published: ``service/api/routes/record.py`` translates that
one word at the edge.
"""

from __future__ import annotations

AUCTION, EXCHANGE, PLAY, COMPLETE, REDEAL = "auction", "exchange", "play", "complete", "redeal"
PHASES = (AUCTION, EXCHANGE, PLAY, COMPLETE, REDEAL)
