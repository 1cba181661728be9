// One round as the page sees it: a record of actions kept by the page, and the state the
// service answers for it. The page decides nothing: who acts, what may be bid or played
// and why not, who won a trick and the score all come from the service's answers.
import type { Schemas } from "./api.js";

export type Bid = Schemas["Bid"];
export type LegalBid = Schemas["LegalBid"];
export type Level = Schemas["PlayerLevel"];

export interface Refusal {
  card: string;
  message: string;
}

export interface DoneTrick {
  leader: number;
  cards: string[];
  winner: number | null;
  points: number | null;
}

export interface Announcement {
  seat: number;
  kind: Schemas["EventType"];
  cards: string[];
  /** exchange: whether the 7 was exchanged; compare: the step, length and top said. */
  swap: boolean | null;
  step: Schemas["CompareStep"] | null;
  length: number | null;
  top: Schemas["Rank"] | null;
}

export type CompareChoice = Schemas["CompareChoice"];

export interface TableState {
  phase: Schemas["StatePhase"];
  dealer: number;
  toAct: number | null;
  /** The user's cards (seat 0) as they now stand. */
  hand: string[];
  /** Cards each seat holds now. */
  counts: number[];
  turned: string | null;
  /** Klaverjas: the suit proposed for the auction. */
  proposed: Schemas["Suit"] | null;
  bids: Bid[];
  legalBids: LegalBid[];
  legal: string[];
  illegal: Refusal[];
  /** What else the seat to act may do now, as the service lists it. */
  declarations: { cards: string[]; kind: string; points: number }[];
  belote: boolean;
  exchange: boolean;
  compare: CompareChoice[];
  trick: { leader: number; cards: string[] };
  tricks: DoneTrick[];
  contract: Schemas["RecordContract"] | null;
  score: Schemas["RoundScore"] | null;
  announcements: Announcement[];
}

/** One action of the round record (the `type`d Action of the service's record). */
export type Action =
  | { type: "bid"; bid: Bid }
  | { type: "play"; card: string }
  | { type: "declare"; cards: string[] }
  | { type: "belote"; card?: string }
  | { type: "exchange"; swap: boolean }
  | ({ type: "compare" } & CompareChoice);

export interface Setup {
  ruleset: Schemas["RulesetName"];
  options: Schemas["Options"] | null;
  level: Level;
  seed: number;
}

/** What the table needs of a round: deal it, act in it, ask a computer seat. */
export interface RoundEngine {
  readonly dealer: number;
  current: TableState;
  /** The round's record, as a match record takes it. */
  readonly asMatchRound: Schemas["RoundRecord"];
  deal(): Promise<TableState>;
  act(seat: number, action: Action): Promise<TableState>;
  /** The actions a computer seat takes now (a belote is said with its card, in one). */
  suggest(seat: number): Promise<Action[]>;
}
