// requires: POST /v1/declarations/best
import type { Api } from "../client.js";
import type { Expect } from "../expect.js";

export async function run(api: Api, expect: Expect): Promise<void> {
  // Only the hands: seat 0's carre of jacks (200) and 8-9-10 of hearts (20) beat seat 1's
  // carre of aces: team 0 scores 220; seat 1 holds KS QS, the belote in spades.
  const best = await api.POST("/v1/declarations/best", {
    body: {
      trump: "S",
      hands: [
        { seat: 0, cards: ["8H", "9H", "10H", "JH", "QH", "JC", "JD", "JS"] },
        { seat: 1, cards: ["AC", "AD", "AH", "AS", "KS", "QS", "7D", "8D"] },
      ],
    },
  });
  if (expect.present(best.data, "declarations/best body")) {
    expect.equal(best.data.points, [220, 0], "declarations found in the hands");
    expect.equal(best.data.winner?.seat, 0, "the carre of jacks wins");
    expect.equal(best.data.belote.length, 1, "seat 1 holds the belote");
  }
}
