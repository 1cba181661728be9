// The match: its record (each round's record) and the score sheet
// the service keeps from it (POST /v1/match): each round's line, the running totals, the
// points carried into the next round, the next dealer, finished and winner.
import { type Api, body, type Schemas } from "./api.js";
import { Round } from "./game.js";
import type { RoundEngine, Setup } from "./round.js";

export interface Sheet {
  record: Schemas["MatchRecordRound"][];
  answer: Schemas["MatchSheet"];
}

/** Round ``number`` (from 0) of the match, dealt by ``dealer``, with points held in; the
 * computer seats are told where the match stands (``situation``). */
export function newRound(api: Api, setup: Setup, dealer: number, number: number, heldIn: number, sheet: Sheet | null): RoundEngine {
  return new Round(api, setup, dealer, number, heldIn, situation(sheet, heldIn));
}

/** Where the match stands before the next round, as the suggestions take it (`match`);
 * null before the first round (0-0 is far from every preset's end) and in a single deal. */
export function situation(sheet: Sheet | null, heldIn: number): Schemas["MatchSituation"] | null {
  const answer = sheet?.answer;
  if (!answer || (answer.target === null && answer.deals === null)) return null;
  const [a = 0, b = 0] = answer.totals;
  const dealsLeft = answer.deals === null ? null : answer.deals - answer.rounds;
  return { totals: [a, b], held_in: heldIn, deals_left: dealsLeft };
}

/** The sheet once ``round`` (complete, or a redeal) is added to the match: the round
 * goes as its record, which the service plays through and scores itself. */
export async function matchSheet(api: Api, setup: Setup, firstDealer: number, sheet: Sheet | null, round: RoundEngine): Promise<Sheet> {
  const entry: Schemas["MatchRecordRound"] = { type: "record", record: round.asMatchRound };
  const record = [...(sheet?.record ?? []), entry];
  const answer = body(await api.POST("/v1/match", { body: { ruleset: setup.ruleset, options: setup.options, dealer: firstDealer, rounds: record } }));
  return { record, answer };
}
