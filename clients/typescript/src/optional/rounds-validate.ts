// requires: POST /v1/rounds/validate
import { type Api, refused } from "../client.js";
import type { Expect } from "../expect.js";

// Seat 3 deals; the hands of tests/api/test_http_validate.py (HANDS_A).
const HANDS = [
  { seat: 0, cards: ["7C", "AC", "JD", "QD", "9H", "JH", "7S", "10S"] },
  { seat: 1, cards: ["8C", "10C", "7D", "AD", "7H", "KH", "8S", "AS"] },
  { seat: 2, cards: ["9C", "KC", "8D", "10D", "10H", "AH", "9S", "KS"] },
  { seat: 3, cards: ["JC", "QC", "9D", "KD", "8H", "QH", "JS", "QS"] },
];

export async function run(api: Api, expect: Expect): Promise<void> {
  // Seat 0 leads JH, seat 1 follows 7H; seat 2 must follow hearts and (partner winning)
  // need not overtrump: 10H and AH.
  const partial = await api.POST("/v1/rounds/validate", {
    body: { dealer: 3, hands: HANDS, trump: "H", taker: 0, tricks: [{ leader: 0, cards: ["JH", "7H"] }] },
  });
  if (expect.present(partial.data, "rounds/validate body")) {
    expect.equal(partial.data.valid, true, "valid so far");
    expect.equal([partial.data.next?.seat, partial.data.next?.legal], [2, ["10H", "AH"]], "next seat, legal cards");
  }
  const unheld = await api.POST("/v1/rounds/validate", {
    body: { dealer: 3, hands: HANDS, trump: "H", taker: 0, tricks: [{ leader: 0, cards: ["XX"] }] },
  });
  refused(expect, unheld, "tricks.0.cards.0", "rounds/validate with a card nobody holds");
}
