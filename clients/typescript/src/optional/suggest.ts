// requires: POST /v1/suggest/play
import { type Api, refused } from "../client.js";
import type { Expect } from "../expect.js";

const HAND = ["7H", "JH", "AS", "KD", "10C", "QS", "8D", "9D"];

export async function run(api: Api, expect: Expect): Promise<void> {
  // Clubs led by seat 1 (8C 9H AC); seat 0 holds one club, 10C: the only legal card.
  const trick = { leader: 1, cards: ["8C", "9H", "AC"] };
  const play = await api.POST("/v1/suggest/play", { body: { trump: "H", taker: 1, hand: HAND, trick } });
  if (expect.present(play.data, "suggest/play body")) {
    expect.equal([play.data.seat, play.data.card, play.data.values.length], [0, "10C", 1], "the one legal card");
  }
  const badTaker = await api.POST("/v1/suggest/play", { body: { trump: "H", taker: 7, hand: HAND, trick } });
  refused(expect, badTaker, "taker", "suggest/play with taker 7");
  // Belote, dealer 3, JH turned: seat 0 speaks first and may take hearts or pass.
  const hand = ["9H", "AH", "AS", "KD", "10C"];
  const bid = await api.POST("/v1/suggest/bid", { body: { dealer: 3, turned: "JH", hand } });
  if (expect.present(bid.data, "suggest/bid body")) {
    const calls = bid.data.options.map((option) => option.bid.action);
    expect.equal(bid.data.seat, 0, "seat 0 speaks");
    expect.that(calls.includes("pass") && calls.includes(bid.data.bid.action), "one of the calls weighed", calls);
  }
  const early = await api.POST("/v1/suggest/bid", {
    body: { dealer: 3, turned: "JH", hand, bids: [{ seat: 2, action: "pass" }] },
  });
  refused(expect, early, "bids.0", "suggest/bid out of turn");
}
