// SCAFFOLDING until the whole-game operations (the deal, the state of a round from its
// record) are in openapi.yaml: a Coinche-style deal of 8 cards each shuffled here, and the
// state read from /v1/rounds/validate. To be replaced by src/game.ts.
import { type Api, body } from "./api.js";
import type { Action, Bid, DoneTrick, RoundEngine, Setup, TableState } from "./round.js";

const ALL = ["C", "D", "H", "S"].flatMap((s) => ["7", "8", "9", "10", "J", "Q", "K", "A"].map((r) => r + s));

export class Round implements RoundEngine {
  private hands: string[][] = [];
  private bids: Bid[] = [];
  private tricks: { leader: number; cards: string[] }[] = [];
  current!: TableState;

  constructor(
    private api: Api,
    private setup: Setup,
    readonly dealer: number,
    _number: number,
    _heldIn: number,
  ) {}

  heldOut(): number {
    return this.current.score?.held ?? 0;
  }

  async deal(): Promise<TableState> {
    const pack = [...ALL];
    const random = new Uint32Array(pack.length);
    crypto.getRandomValues(random);
    for (let i = pack.length - 1; i > 0; i--) {
      const j = (random[i] ?? 0) % (i + 1);
      [pack[i], pack[j]] = [pack[j] as string, pack[i] as string];
    }
    this.hands = [0, 1, 2, 3].map((s) => pack.slice(s * 8, s * 8 + 8));
    return this.refresh();
  }

  private async refresh(): Promise<TableState> {
    const answer = body(
      await this.api.POST("/v1/rounds/validate", {
        body: {
          ruleset: this.setup.ruleset,
          options: this.setup.options,
          dealer: this.dealer,
          hands: this.hands.map((cards, seat) => ({ seat, cards })),
          bids: this.bids,
          tricks: this.tricks.filter((t) => t.cards.length > 0),
        },
      }),
    );
    const played = new Set(this.tricks.flatMap((t) => t.cards));
    const done: DoneTrick[] = this.tricks
      .filter((t) => t.cards.length === 4)
      .map((t, i) => {
        const scored = answer.score?.tricks[i];
        const next = this.tricks[i + 1];
        return { leader: t.leader, cards: t.cards, winner: scored?.winner ?? next?.leader ?? answer.next?.leader ?? null, points: scored?.points ?? null };
      });
    const phase = answer.phase === "bidding" ? "auction" : answer.phase;
    const last = this.tricks.at(-1);
    this.current = {
      phase,
      dealer: this.dealer,
      toAct: phase === "auction" ? (answer.auction?.next_seat ?? null) : (answer.next?.seat ?? null),
      hand: (this.hands[0] ?? []).filter((c) => !played.has(c)),
      counts: this.hands.map((h) => h.filter((c) => !played.has(c)).length),
      turned: null,
      bids: this.bids,
      legalBids: answer.auction?.legal_bids ?? [],
      legal: answer.next?.legal ?? [],
      illegal: answer.next?.illegal ?? [],
      trick: answer.next ? { leader: answer.next.leader, cards: answer.next.cards } : { leader: last?.leader ?? 0, cards: last?.cards ?? [] },
      tricks: done,
      contract: answer.contract,
      score: answer.score,
      announcements: [],
      declarations: [],
      belote: false,
      exchange: false,
      compare: [],
    };
    return this.current;
  }

  async act(seat: number, action: Action): Promise<TableState> {
    if (action.type === "bid") {
      this.bids = [...this.bids, { ...action.bid, seat }];
    } else if (action.type === "play") {
      const last = this.tricks.at(-1);
      if (!last || last.cards.length === 4) this.tricks.push({ leader: seat, cards: [action.card] });
      else last.cards.push(action.card);
    }
    return this.refresh();
  }

  nextDealer(): number {
    return (this.dealer + 1) % 4; // SCAFFOLDING: the record's state will say it
  }

  async suggest(seat: number): Promise<Action[]> {
    const hand = (this.hands[seat] ?? []).filter((c) => !this.tricks.some((t) => t.cards.includes(c)));
    const common = { ruleset: this.setup.ruleset, options: this.setup.options, level: this.setup.level, seed: this.setup.seed };
    if (this.current.phase === "auction") {
      const answer = body(await this.api.POST("/v1/suggest/bid", { body: { ...common, dealer: this.dealer, hand, bids: this.bids } }));
      const bid: Bid = { action: answer.bid.action };
      if (answer.bid.value !== null && answer.bid.value !== undefined) bid.value = answer.bid.value;
      if (answer.bid.trump) bid.trump = answer.bid.trump;
      return [{ type: "bid", bid }];
    }
    const contract = this.current.contract;
    if (!contract) throw new Error("no contract");
    const complete = this.tricks.filter((t) => t.cards.length === 4);
    const open = this.tricks.at(-1);
    const trick = open && open.cards.length < 4 ? open : { leader: this.current.trick.leader, cards: [] };
    const answer = body(
      await this.api.POST("/v1/suggest/play", {
        body: {
          ...common,
          trump: contract.trump,
          taker: contract.taker,
          bid: contract.bid ? { value: contract.bid.value, coinche: contract.bid.coinche } : null,
          hand,
          trick,
          tricks: complete,
        },
      }),
    );
    return [{ type: "play", card: answer.card }];
  }
}
