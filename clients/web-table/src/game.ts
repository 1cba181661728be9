// A round on the whole-game operations. The page is the table's backend here: it keeps
// the round record (the deal from POST /v1/deal and the actions in order) and, after
// every action, asks the service what seat 0 may see of it (POST /v1/rounds/view): the
// phase, the seat to act, the user's hand and legal actions (bids, cards with the reason
// for each illegal one, declarations, belote, the exchange, the comparison), the bids,
// the tricks with their winners and points, the events and the score. The computer seats
// act from the record and their seat (POST /v1/suggest/action, every kind of action): no
// hand is ever built by the page.
import { type Api, body, type Schemas } from "./api.js";
import type { Action, Announcement, RoundEngine, Setup, TableState } from "./round.js";

type RoundRecord = Schemas["RoundRecord"];
type View = Schemas["RoundView"];

export class Round implements RoundEngine {
  private record!: RoundRecord;
  private answer!: View;
  current!: TableState;

  constructor(
    private api: Api,
    private setup: Setup,
    readonly dealer: number,
    private number: number,
    private heldIn: number,
    private match: Schemas["MatchSituation"] | null,
  ) {}

  private get game() {
    return { ruleset: this.setup.ruleset, options: this.setup.options };
  }

  async deal(): Promise<TableState> {
    const seed = `${this.setup.seed}/${this.number}`;
    const dealt = body(await this.api.POST("/v1/deal", { body: { ...this.game, dealer: this.dealer, seed } }));
    this.record = { dealer: this.dealer, held_in: this.heldIn, deal: dealt.deal, actions: [] };
    this.answer = await this.viewOf(0, this.record);
    this.current = this.draw(this.answer);
    return this.current;
  }

  /** A round from its whole record (a link's, read back by POST /v1/rounds/from-text):
   * the table as seat 0 sees it at the record's end. */
  async open(record: RoundRecord): Promise<TableState> {
    this.answer = await this.viewOf(0, record);
    this.record = record;
    this.current = this.draw(this.answer);
    return this.current;
  }

  /** The round record as a match record's round (POST /v1/match scores it itself). */
  get asMatchRound(): RoundRecord {
    return this.record;
  }

  /** What ``seat`` may see of ``record``; a refused action is the service's 422. */
  private async viewOf(seat: number, record: RoundRecord): Promise<View> {
    return body(await this.api.POST("/v1/rounds/view", { body: { ...this.game, ...record, seat } }));
  }

  private with(seat: number, ...actions: Action[]): RoundRecord {
    return { ...this.record, actions: [...(this.record.actions ?? []), ...actions.map((a) => ({ ...a, seat }))] };
  }

  private draw(view: View): TableState {
    const open = view.tricks.at(-1);
    const playing = open && open.winner === null ? open : null;
    return {
      phase: view.phase,
      dealer: this.dealer,
      toAct: view.seat,
      hand: view.hand,
      counts: view.hand_sizes,
      turned: view.turned,
      proposed: this.record.deal.proposed ?? null,
      bids: view.bids.map((b) => ({ action: b.action, value: b.value, capot: b.capot, trump: b.trump ?? null, seat: b.seat })),
      legalBids: view.legal.bids,
      legal: view.legal.legal,
      illegal: view.legal.illegal,
      declarations: view.legal.declarations,
      belote: view.legal.belote,
      exchange: view.legal.exchange,
      compare: view.legal.compare,
      trick: playing ? { leader: playing.leader, cards: playing.cards } : { leader: view.seat ?? 0, cards: [] },
      tricks: view.tricks.filter((t) => t.winner !== null).map((t) => ({ leader: t.leader, cards: t.cards, winner: t.winner, points: t.points })),
      contract: view.contract,
      score: view.score,
      announcements: view.events.map(
        (e): Announcement => ({ seat: e.seat, kind: e.type, cards: e.cards, swap: e.swap, step: e.step ?? null, length: e.length, top: e.top ?? null }),
      ),
    };
  }

  async act(seat: number, action: Action): Promise<TableState> {
    const record = this.with(seat, action);
    this.answer = await this.viewOf(0, record); // a refusal leaves the record as it was
    this.record = record;
    this.current = this.draw(this.answer);
    return this.current;
  }

  async suggest(seat: number): Promise<Action[]> {
    // The service's computer player decides every action (POST /v1/suggest/action): the
    // bid, the exchange, the comparison step, the declarations, belote with its card, the
    // card. The page holds no policy of its own.
    // With the match as it stands, so that near its end the seats play to win it.
    const match = this.match === null ? {} : { match: this.match };
    const ask = { ...this.game, level: this.setup.level, seed: String(this.setup.seed), record: this.record, seat, ...match };
    const { action } = body(await this.api.POST("/v1/suggest/action", { body: ask }));
    const { seat: _seat, ...rest } = action;
    return [rest as Action];
  }
}
