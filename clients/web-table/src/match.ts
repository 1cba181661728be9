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

/** Round ``number`` (from 0) of the match, dealt by ``dealer``, with points held in. */
export function newRound(api: Api, setup: Setup, dealer: number, number: number, heldIn: number): RoundEngine {
  return new Round(api, setup, dealer, number, heldIn);
}

/** The sheet once ``round`` (complete, or a redeal) is added to the match: the round
 * goes as its record, which the service plays through and scores itself. */
export async function matchSheet(api: Api, setup: Setup, firstDealer: number, sheet: Sheet | null, round: RoundEngine): Promise<Sheet> {
  const entry: Schemas["MatchRecordRound"] = { type: "record", record: round.asMatchRound };
  const record = [...(sheet?.record ?? []), entry];
  const answer = body(await api.POST("/v1/match", { body: { ruleset: setup.ruleset, options: setup.options, dealer: firstDealer, rounds: record } }));
  return { record, answer };
}
