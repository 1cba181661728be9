// requires: POST /v1/match-score
// Written against API.md; built and run only once openapi.yaml has the operation.
import { type Api, refused } from "../client.js";
import type { Expect } from "../expect.js";

export async function run(api: Api, expect: Expect): Promise<void> {
  // belote plays to 501 (RULES.md 5): 250 + 260 = 510 reaches it, 12 + 30 = 42 does not.
  const won = await api.POST("/v1/match-score", {
    body: { ruleset: "belote", rounds: [{ score: [250, 12] }, { score: [260, 30] }] },
  });
  if (expect.present(won.data, "match-score body")) {
    expect.equal(won.data.totals, [510, 42], "totals");
    expect.equal(won.data.finished, true, "501 reached");
    expect.equal(won.data.winner, 0, "team 0 wins");
  }
  // Both sides past the target with equal totals: not finished, another round (RULES.md 4).
  const tied = await api.POST("/v1/match-score", {
    body: { ruleset: "belote", rounds: [{ score: [300, 300] }, { score: [220, 220] }] },
  });
  if (expect.present(tied.data, "match-score (tie) body")) {
    expect.equal(tied.data.totals, [520, 520], "totals");
    expect.equal([tied.data.finished, tied.data.winner], [false, null], "equal totals play on");
  }
  const three = await api.POST("/v1/match-score", {
    body: { ruleset: "belote", rounds: [{ score: [1, 2, 3] }] },
  });
  refused(expect, three, "rounds.0.score", "match-score with three scores");
}
