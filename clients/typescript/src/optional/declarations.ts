// requires: POST /v1/declarations/rank
// Written against API.md; built and run only once openapi.yaml has the operation.
import { type Api, refused } from "../client.js";
import type { Expect } from "../expect.js";

export async function run(api: Api, expect: Expect): Promise<void> {
  // Seat 0 declares a tierce (7H 8H 9H, 20), seat 1 a quarte (10C JC QC KC, 50): the longer
  // sequence wins (RULES.md 3), so team 1 scores its 50 and team 0 nothing.
  const ranked = await api.POST("/v1/declarations/rank", {
    body: {
      ruleset: "belote",
      trump: "S",
      declarations: [
        { seat: 0, cards: ["7H", "8H", "9H"] },
        { seat: 1, cards: ["10C", "JC", "QC", "KC"] },
      ],
    },
  });
  if (expect.present(ranked.data, "declarations/rank body")) {
    expect.equal(ranked.data.winner?.seat, 1, "the quarte's seat wins");
    expect.equal(ranked.data.winner?.team, 1, "its team");
    expect.equal(ranked.data.points, [0, 50], "only the best side scores (RULES.md 3)");
  }
  const notOne = await api.POST("/v1/declarations/rank", {
    body: { trump: "S", declarations: [{ seat: 0, cards: ["7H", "9C"] }] },
  });
  refused(expect, notOne, "declarations.0", "declarations/rank with a non-declaration");
}
