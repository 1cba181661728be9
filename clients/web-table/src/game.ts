// A round on the whole-game operations: the deal from POST /v1/deal, the record (the deal
// and the actions in order) kept here, and after every action the state from
// POST /v1/rounds/state: the phase, the seat to act and everything it may do (bids, cards
// with the reason for each illegal one, declarations, belote, the exchange), the tricks
// with their winners and points, the events, the score and the next dealer.
import { type Api, body, type Schemas } from "./api.js";
import { suitOf } from "./cards.js";
import type { Action, Announcement, Bid, RoundEngine, Setup, TableState } from "./round.js";

type Record = Schemas["RoundStateRequest"];
type State = Schemas["RoundState"];

export class Round implements RoundEngine {
  private record!: Record;
  private answer!: State;
  current!: TableState;

  constructor(
    private api: Api,
    private setup: Setup,
    readonly dealer: number,
    private number: number,
    private heldIn: number,
  ) {}

  async deal(): Promise<TableState> {
    const common = { ruleset: this.setup.ruleset, options: this.setup.options };
    const dealt = body(
      await this.api.POST("/v1/deal", { body: { ...common, dealer: this.dealer, seed: `${this.setup.seed}/${this.number}` } }),
    );
    this.record = { ...common, dealer: this.dealer, held_in: this.heldIn, deal: dealt.deal, actions: [] };
    return this.refresh();
  }

  private async ask(record: Record): Promise<State> {
    return body(await this.api.POST("/v1/rounds/state", { body: record }));
  }

  private async refresh(): Promise<TableState> {
    this.answer = await this.ask(this.record);
    this.current = this.view(this.answer);
    return this.current;
  }

  private view(state: State): TableState {
    const bids = (this.record.actions ?? []).flatMap((a) => (a.type === "bid" && a.bid ? [{ ...a.bid, seat: a.seat ?? null }] : []));
    const open = state.tricks.at(-1);
    const playing = open && open.winner === null ? open : null;
    const hands = new Map(state.hands.map((h) => [h.seat, h.cards]));
    const players = state.hands.length;
    return {
      phase: state.phase,
      dealer: this.dealer,
      toAct: state.seat,
      hand: hands.get(0) ?? [],
      counts: Array.from({ length: players }, (_, seat) => hands.get(seat)?.length ?? 0),
      turned: state.turned,
      proposed: this.record.deal.proposed ?? null,
      bids,
      legalBids: state.legal.bids,
      legal: state.legal.legal,
      illegal: state.legal.illegal,
      declarations: state.legal.declarations,
      belote: state.legal.belote,
      exchange: state.legal.exchange,
      compare: state.legal.compare,
      trick: playing ? { leader: playing.leader, cards: playing.cards } : { leader: state.seat ?? 0, cards: [] },
      tricks: state.tricks.filter((t) => t.winner !== null).map((t) => ({ leader: t.leader, cards: t.cards, winner: t.winner, points: t.points })),
      contract: state.contract,
      score: state.score,
      announcements: state.events.map(
        (e): Announcement => ({ seat: e.seat, kind: e.type, cards: e.cards, swap: e.swap, step: e.step, length: e.length, top: e.top }),
      ),
    };
  }

  async act(seat: number, action: Action): Promise<TableState> {
    const record = { ...this.record, actions: [...(this.record.actions ?? []), { ...action, seat }] };
    this.answer = await this.ask(record); // a refusal leaves the record as it was
    this.record = record;
    this.current = this.view(this.answer);
    return this.current;
  }

  async suggest(seat: number): Promise<Action[]> {
    const state = this.answer;
    const legal = state.legal;
    if (state.phase === "auction") return [{ type: "bid", bid: await this.suggestBid(seat, legal.bids) }];
    if (legal.exchange) return [{ type: "exchange", swap: true }];
    const first = legal.compare[0];
    if (first) return [{ type: "compare", ...first }];
    const declared = legal.declarations[0];
    if (declared) return [{ type: "declare", cards: declared.cards }];
    const card = await this.suggestCard(seat);
    if (legal.belote) {
      // Say belote when the card is one the service then allows (its king or queen).
      const said = { ...this.record, actions: [...(this.record.actions ?? []), { type: "belote" as const, seat }] };
      const after = await this.ask(said);
      if (after.legal.legal.includes(card)) return [{ type: "belote" }, { type: "play", card }];
    }
    return [{ type: "play", card }];
  }

  private common() {
    return { ruleset: this.setup.ruleset, options: this.setup.options, level: this.setup.level, seed: this.setup.seed };
  }

  /** Set when the service's computer players do not bid in this game (its sentence). */
  noBidder: string | null = null;

  private async suggestBid(seat: number, legal: Schemas["LegalBid"][]): Promise<Bid> {
    const hand = this.answer.hands.find((h) => h.seat === seat)?.cards ?? [];
    const bids = this.current.bids.map(({ seat: _, ...bid }) => bid);
    const result = await this.api.POST("/v1/suggest/bid", { body: { ...this.common(), dealer: this.dealer, hand, bids, turned: this.record.deal.turned ?? null } });
    if (result.response.status === 422 && !this.noBidder) this.noBidder = result.error?.detail ?? "";
    if (result.response.status === 422) {
      // No computer bidder for this game: pass where the service allows it, else the
      // first bid it lists (with its first trump).
      const pass = legal.find((b) => b.action === "pass");
      if (pass) return { action: "pass" };
      const first = legal[0];
      if (!first) throw new Error("no legal bid");
      const trump = first.trump ?? first.trumps?.[0];
      const value = first.values?.[0];
      return { action: first.action, ...(trump ? { trump } : {}), ...(value !== undefined ? { value } : {}) };
    }
    const answer = body(result);
    const bid: Bid = { action: answer.bid.action };
    if (answer.bid.value !== null && answer.bid.value !== undefined) bid.value = answer.bid.value;
    if (answer.bid.trump) bid.trump = answer.bid.trump;
    return bid;
  }

  private async suggestCard(seat: number): Promise<string> {
    const state = this.answer;
    const contract = state.contract;
    if (!contract) throw new Error("no contract");
    const hand = state.hands.find((h) => h.seat === seat)?.cards ?? [];
    const done = state.tricks.filter((t) => t.winner !== null).map((t) => ({ leader: t.leader, cards: t.cards }));
    const open = state.tricks.at(-1);
    const trick = open && open.winner === null ? { leader: open.leader, cards: open.cards } : { leader: seat, cards: [] };
    const declarations = state.events.filter((e) => e.type === "declaration").map((e) => ({ seat: e.seat, cards: e.cards }));
    const belotes = state.events.filter((e) => e.type === "belote" && e.cards[0]).map((e) => ({ seat: e.seat, suit: suitOf(e.cards[0] ?? "") as Schemas["Suit"] }));
    const answer = body(
      await this.api.POST("/v1/suggest/play", {
        body: {
          ...this.common(),
          trump: contract.trump,
          taker: contract.taker,
          bid: contract.bid ? { value: contract.bid.value, coinche: contract.bid.coinche } : null,
          hand,
          trick,
          tricks: done,
          declarations,
          belotes,
          turned: this.record.deal.turned ?? null,
        },
      }),
    );
    return answer.card;
  }
}
