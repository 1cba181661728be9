// requires: POST /v1/round-score
// Written against API.md; built and run only once openapi.yaml has the operation.
import { type Api, refused } from "../client.js";
import type { Expect } from "../expect.js";

const RANKS = ["J", "9", "A", "10", "K", "Q", "8", "7"];

export async function run(api: Api, expect: Expect): Promise<void> {
  // Seat 0 holds all eight hearts (trump), seats 1, 2, 3 all the clubs, diamonds, spades.
  // Seat 0 leads a heart each trick, nobody else can follow or trump: every play is legal
  // and seat 0 takes all 8 tricks. Capot (RULES.md 4): all 152 card points + 100 instead
  // of the last-trick 10 = 252; belote (KH + QH in one hand) 20 more; the defenders 0.
  const tricks = RANKS.map((rank) => ({
    leader: 0,
    cards: [`${rank}H`, `${rank}C`, `${rank}D`, `${rank}S`],
  }));
  const scored = await api.POST("/v1/round-score", {
    body: { ruleset: "belote", trump: "H", taker: 0, tricks },
  });
  if (expect.present(scored.data, "round-score body")) {
    expect.equal(scored.data.tricks.length, 8, "eight tricks");
    expect.that(scored.data.tricks.every((t) => t.winner === 0), "seat 0 wins every trick", scored.data.tricks);
    const total = scored.data.tricks.reduce((sum, t) => sum + t.points, 0);
    expect.equal(total, 152, "trick points without the last-trick bonus");
    expect.equal(scored.data.capot, 0, "team 0 is capot");
    expect.equal(scored.data.belote_points, [20, 0], "belote to the holder's team");
    expect.equal(scored.data.contract.made, true, "the takers make it");
    expect.equal(scored.data.score, [272, 0], "252 + 20 belote, defenders 0");
  }
  const badTaker = await api.POST("/v1/round-score", {
    body: { ruleset: "belote", trump: "H", taker: 7, tricks },
  });
  refused(expect, badTaker, "taker", "round-score with taker 7");
}
