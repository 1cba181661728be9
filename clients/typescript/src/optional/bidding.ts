// requires: POST /v1/bidding
// Written against API.md; built and run only once openapi.yaml has the operation.
import { type Api, ILLEGAL_BID, refused } from "../client.js";
import type { Expect } from "../expect.js";

export async function run(api: Api, expect: Expect): Promise<void> {
  // Coinche, dealer 3: seat 0 opens 80 hearts, the next three pass. Three passes after a
  // bid end the auction (RULES.md 5): seat 0 takes at 80, hearts trump.
  const done = await api.POST("/v1/bidding", {
    body: {
      ruleset: "coinche",
      dealer: 3,
      bids: [
        { seat: 0, action: "bid", value: 80, trump: "H" },
        { seat: 1, action: "pass" },
        { seat: 2, action: "pass" },
        { seat: 3, action: "pass" },
      ],
    },
  });
  if (expect.present(done.data, "bidding body")) {
    expect.equal([done.data.complete, done.data.redeal], [true, false], "auction over, no redeal");
    expect.that(done.data.contract !== null, "a contract", done.data);
  }
  // Four passes at the start: redeal (RULES.md 5).
  const passes = await api.POST("/v1/bidding", {
    body: { ruleset: "coinche", dealer: 3, bids: [0, 1, 2, 3].map((seat) => ({ seat, action: "pass" as const })) },
  });
  if (expect.present(passes.data, "bidding (all pass) body")) {
    expect.equal([passes.data.complete, passes.data.redeal, passes.data.contract], [true, true, null], "redeal");
  }
  // Seat 0 (after dealer 3) bids first: seat 2 speaking first is refused.
  const early = await api.POST("/v1/bidding", {
    body: { ruleset: "coinche", dealer: 3, bids: [{ seat: 2, action: "pass" }] },
  });
  refused(expect, early, "bids.0", "bidding out of turn", ILLEGAL_BID);
}
