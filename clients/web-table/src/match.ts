// The match: which engine plays a round, and the score sheet as the service adds it up.
import { type Api, body, type Schemas } from "./api.js";
import type { RoundEngine, Setup, TableState } from "./round.js";
import { Round } from "./game.js";

export interface Sheet {
  /** Each round's score, [team 0, team 1], as the service scored it. */
  rounds: number[][];
  entries: Schemas["MatchRound"][];
  totals: number[];
  finished: boolean;
  winner: number | null;
}

/** Round ``number`` (from 0) of the match, dealt by ``dealer``, with points held in. */
export function newRound(api: Api, setup: Setup, dealer: number, number: number, heldIn: number): RoundEngine {
  return new Round(api, setup, dealer, number, heldIn);
}

export async function matchSheet(api: Api, setup: Setup, sheet: Sheet | null, state: TableState): Promise<Sheet> {
  const score = state.score;
  if (!score) throw new Error("the round has no score");
  const entries = [...(sheet?.entries ?? []), { score: score.score, held: score.held, winner: score.winner, capot: score.capot }];
  const answer = body(await api.POST("/v1/match-score", { body: { ruleset: setup.ruleset, options: setup.options, rounds: entries } }));
  return { rounds: entries.map((e) => e.score), entries, totals: answer.totals, finished: answer.finished, winner: answer.winner };
}
