// The score pad (issue 33): for a game played with a real pack. Each round is entered as
// the players count it (taker, trump, the card points one side counted, the last trick or a
// capot, belote, declarations, the bid or contra); the service scores it and keeps the
// sheet (POST /v1/match with rounds of type `counts`), says each side's chance to win the
// match, drawn as a line over the rounds, and corrects a round (`replace`), the lines it
// changed marked. The page holds no rule: the scores, totals, dealers, the end of the
// match and every refusal are the service's.
import { type Api, body, Refused, type Schemas } from "./api.js";

type Counts = Schemas["MatchCounts"];
type Round = Schemas["MatchRecordRound"];
type Answer = Schemas["MatchSheet"];
type Declared = Schemas["CountedDeclaration"];

const EN = {
  open: "Score pad",
  title: "Score pad",
  close: "Back to the table",
  dealer: "First dealer",
  seat: "Seat {seat}",
  taker: "Taker",
  trump: "Trump",
  none: "No trump",
  all: "All trump",
  us: "Us",
  them: "Them",
  counted: "Card points counted",
  lastTrick: "Last trick",
  everyTrick: "every trick: {side}",
  belote: "Belote by",
  nobody: "nobody",
  bid: "Bid",
  coinche: "Coinche",
  contra: "Contra",
  declarations: "Declarations",
  sequence: "sequence of {length}",
  carre: "carré",
  top: "to the",
  suit: "suit",
  anySuit: "any suit",
  addDeclaration: "Add",
  add: "Add round",
  save: "Save correction",
  cancel: "Cancel",
  edit: "Correct",
  round: "Round",
  dealerShort: "Dealer",
  total: "Total",
  chance: "Chance to win (us)",
  changed: "changed",
  finished: "Match over: {result}",
  won: "we win",
  lost: "they win",
  drawn: "a draw",
  noChance: "No chance to show: the options change a rule of the preset.",
};
type Words = typeof EN;
const FR: Words = {
  open: "Carnet de points",
  title: "Carnet de points",
  close: "Retour à la table",
  dealer: "Premier donneur",
  seat: "Place {seat}",
  taker: "Preneur",
  trump: "Atout",
  none: "Sans atout",
  all: "Tout atout",
  us: "Nous",
  them: "Eux",
  counted: "Points comptés",
  lastTrick: "Dernier pli",
  everyTrick: "tous les plis : {side}",
  belote: "Belote par",
  nobody: "personne",
  bid: "Enchère",
  coinche: "Coinche",
  contra: "Contre",
  declarations: "Annonces",
  sequence: "suite de {length}",
  carre: "carré",
  top: "au",
  suit: "couleur",
  anySuit: "toute couleur",
  addDeclaration: "Ajouter",
  add: "Ajouter la donne",
  save: "Enregistrer la correction",
  cancel: "Annuler",
  edit: "Corriger",
  round: "Donne",
  dealerShort: "Donneur",
  total: "Total",
  chance: "Chance de gagner (nous)",
  changed: "modifiée",
  finished: "Partie finie : {result}",
  won: "nous gagnons",
  lost: "ils gagnent",
  drawn: "égalité",
  noChance: "Pas de chance à montrer : les options changent une règle du jeu.",
};
const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"] as const;
const SUITS = ["C", "D", "H", "S"] as const;
const SYMBOLS: Record<string, string> = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for") element.setAttribute(key, String(value));
    else (element as unknown as Record<string, unknown>)[key] = value;
  }
  element.append(...children);
  return element;
}

function select(id: string, options: [string, string][], value = ""): HTMLSelectElement {
  return el("select", { id }, ...options.map(([v, text]) => el("option", { value: v, selected: v === value }, text)));
}

function field(text: string, control: HTMLElement): HTMLLabelElement {
  return el("label", {}, el("span", {}, text), " ", control);
}

/** The score pad, opened by a button put in the settings form; the table is hidden meanwhile. */
export function installScorePad(api: Api, languages: readonly string[]): void {
  const words = languages.some((l) => l.toLowerCase().startsWith("fr")) ? FR : EN;
  const pad = new ScorePad(api, words);
  const open = el("button", { id: "scorepad-open", type: "button" }, words.open);
  open.addEventListener("click", () => void pad.open());
  document.getElementById("setup")?.append(open);
  document.querySelector("main")?.after(pad.root);
}

class ScorePad {
  readonly root: HTMLElement;
  private rounds: Round[] = [];
  private answer: Answer | null = null;
  private editing: number | null = null;
  private declared: Declared[] = [];
  private players = 4;
  private ruleset = "belote";
  private options: Schemas["Options"] | null = null;

  constructor(private readonly api: Api, private readonly words: Words) {
    this.root = el("section", { id: "scorepad", hidden: true, "aria-labelledby": "pad-title" });
  }

  async open(): Promise<void> {
    const preset = document.getElementById("preset") as HTMLSelectElement | null;
    const optionsText = (document.getElementById("options") as HTMLTextAreaElement | null)?.value.trim() ?? "";
    this.ruleset = preset?.value ?? "belote";
    this.options = optionsText ? (JSON.parse(optionsText) as Schemas["Options"]) : null;
    const info = body(await this.api.GET("/v1/rulesets/{name}", { params: { path: { name: this.ruleset as Schemas["RulesetName"] } } }));
    const modes = (this.options?.trump_modes ?? info.options.trump_modes ?? []) as string[];
    this.players = this.options?.players ?? info.players;
    this.rounds = [];
    this.answer = null;
    this.editing = null;
    this.declared = [];
    this.build(modes, info.title ?? this.ruleset);
    const table = document.getElementById("table");
    if (table) table.hidden = true;
    this.root.hidden = false;
    await this.send(null);
  }

  private close(): void {
    this.root.hidden = true;
    const table = document.getElementById("table");
    if (table) table.hidden = false;
  }

  private seats(): [string, string][] {
    return Array.from({ length: this.players }, (_, s) => [String(s), fill(this.words.seat, { seat: s })]);
  }

  private build(modes: string[], title: string): void {
    const w = this.words;
    const trumps: [string, string][] = modes.map((m) => [m, m === "none" ? w.none : m === "all" ? w.all : `${SYMBOLS[m] ?? m} ${m}`]);
    const sides: [string, string][] = [["0", w.us], ["1", w.them], ["every-0", fill(w.everyTrick, { side: w.us })], ["every-1", fill(w.everyTrick, { side: w.them })]];
    const belote: [string, string][] = [["", w.nobody], ...this.seats()];
    const kinds: [string, string][] = [["3", fill(w.sequence, { length: 3 })], ["4", fill(w.sequence, { length: 4 })], ["5", fill(w.sequence, { length: 5 })], ["carre", w.carre]];
    const ranks: [string, string][] = RANKS.map((r) => [r, r]);
    const suits: [string, string][] = [["", w.anySuit], ...SUITS.map((s): [string, string] => [s, SYMBOLS[s] ?? s])];
    const addDeclaration = el("button", { id: "pad-decl-add", type: "button" }, w.addDeclaration);
    addDeclaration.addEventListener("click", () => this.addDeclaration());
    const add = el("button", { id: "pad-add", type: "submit" }, w.add);
    const cancel = el("button", { id: "pad-cancel", type: "button", hidden: true }, w.cancel);
    cancel.addEventListener("click", () => this.stopEditing());
    const close = el("button", { id: "pad-close", type: "button" }, w.close);
    close.addEventListener("click", () => this.close());
    const form = el(
      "form",
      { id: "pad-form" },
      field(w.dealer, select("pad-dealer", this.seats(), String(this.players - 1))),
      field(w.taker, select("pad-taker", this.seats())),
      field(w.trump, select("pad-trump", trumps)),
      el("fieldset", {}, el("legend", {}, w.counted), field(w.us, el("input", { id: "pad-us", inputMode: "numeric", size: 4 })), field(w.them, el("input", { id: "pad-them", inputMode: "numeric", size: 4 }))),
      field(w.lastTrick, select("pad-last", sides)),
      field(w.belote, select("pad-belote", belote)),
      field(w.bid, el("input", { id: "pad-bid", inputMode: "numeric", size: 5, placeholder: "80, capot" })),
      field(w.coinche, select("pad-coinche", [["none", "\u2014"], ["coinche", "x2"], ["surcoinche", "x4"]])),
      field(w.contra, select("pad-double", [["none", "\u2014"], ["contra", "x2"], ["recontra", "x4"]])),
      el(
        "fieldset",
        { id: "pad-declarations" },
        el("legend", {}, w.declarations),
        select("pad-decl-seat", this.seats()),
        select("pad-decl-kind", kinds),
        el("span", {}, ` ${w.top} `),
        select("pad-decl-rank", ranks, "K"),
        select("pad-decl-suit", suits),
        addDeclaration,
        el("ul", { id: "pad-decl-list" }),
      ),
      add,
      cancel,
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.submit();
    });
    this.root.replaceChildren(
      el("div", { className: "pad-head" }, el("h2", { id: "pad-title" }, `${w.title}: ${title}`), close),
      form,
      el("p", { id: "pad-notice", role: "alert", hidden: true }),
      el("table", { id: "pad-sheet" }, el("thead", {}, el("tr", {}, ...[w.round, w.dealerShort, w.us, w.them, w.total, w.chance, ""].map((h) => el("th", {}, h)))), el("tbody", { id: "pad-body" })),
      el("p", { id: "pad-result", hidden: true }),
      el("figure", { id: "pad-chart" }, el("figcaption", {}, w.chance)),
    );
  }

  private value(id: string): string {
    return (this.root.querySelector(`#${id}`) as HTMLInputElement | HTMLSelectElement | null)?.value.trim() ?? "";
  }

  private setValue(id: string, value: string): void {
    const control = this.root.querySelector(`#${id}`) as HTMLInputElement | HTMLSelectElement | null;
    if (control) control.value = value;
  }

  private addDeclaration(): void {
    const kind = this.value("pad-decl-kind");
    const suit = this.value("pad-decl-suit");
    const rank = this.value("pad-decl-rank") as Declared["top"];
    const seat = Number(this.value("pad-decl-seat"));
    const d: Declared = kind === "carre" ? { seat, kind: "carre", rank } : { seat, kind: "sequence", length: Number(kind), top: rank };
    if (suit && kind !== "carre") d.suit = suit as Declared["suit"];
    this.declared.push(d);
    this.renderDeclarations();
  }

  private renderDeclarations(): void {
    const w = this.words;
    const list = this.root.querySelector("#pad-decl-list");
    list?.replaceChildren(
      ...this.declared.map((d, i) => {
        const what = d.kind === "carre" ? `${w.carre} ${d.rank}` : `${fill(w.sequence, { length: d.length ?? 0 })} ${w.top} ${d.top}${d.suit ? SYMBOLS[d.suit] : ""}`;
        const remove = el("button", { type: "button", "aria-label": "remove" }, "\u00d7");
        remove.addEventListener("click", () => {
          this.declared.splice(i, 1);
          this.renderDeclarations();
        });
        return el("li", {}, `${fill(w.seat, { seat: d.seat })}: ${what} `, remove);
      }),
    );
  }

  /** The round the form describes, as the players counted it. */
  private counted(): Round {
    const points = (id: string): number | null => (this.value(id) === "" ? null : Number(this.value(id)));
    const last = this.value("pad-last");
    const counts: Counts = {
      trump: this.value("pad-trump") as Counts["trump"],
      taker: Number(this.value("pad-taker")),
      points: [points("pad-us"), points("pad-them")],
    };
    if (last.startsWith("every-")) counts.every_trick = Number(last.slice(6));
    else counts.last_trick = Number(last);
    const belote = this.value("pad-belote");
    if (belote !== "") counts.belote = [{ seat: Number(belote) }];
    const bid = this.value("pad-bid");
    if (bid !== "") {
      const coinche = this.value("pad-coinche") as NonNullable<Counts["bid"]>["coinche"];
      counts.bid = bid.toLowerCase() === "capot" ? { capot: true, coinche } : { value: Number(bid), coinche };
    }
    const double = this.value("pad-double");
    if (double !== "none") counts.double = double as Counts["double"];
    if (this.declared.length > 0) counts.declarations = [...this.declared];
    return { type: "counts", counts };
  }

  private async submit(): Promise<void> {
    const round = this.counted();
    const index = this.editing;
    const rounds = index === null ? [...this.rounds, round] : this.rounds;
    const replace = index === null ? null : { index, round };
    if (await this.send(replace, rounds)) {
      this.rounds = index === null ? rounds : rounds.map((r, i) => (i === index ? round : r));
      this.stopEditing();
      this.declared = [];
      this.renderDeclarations();
      this.setValue("pad-us", "");
      this.setValue("pad-them", "");
    }
  }

  /** Asks the service for the sheet; false (and its sentence shown) when it refuses. */
  private async send(replace: Schemas["MatchReplace"] | null, rounds: Round[] = this.rounds): Promise<boolean> {
    const notice = this.root.querySelector("#pad-notice") as HTMLElement;
    try {
      const request: Schemas["MatchRequest"] = { ruleset: this.ruleset as Schemas["RulesetName"], options: this.options, dealer: Number(this.value("pad-dealer")), rounds };
      if (replace) request.replace = replace;
      this.answer = body(await this.api.POST("/v1/match", { body: request }));
      notice.hidden = true;
      this.render();
      return true;
    } catch (error) {
      notice.textContent = error instanceof Refused ? error.message : String(error);
      notice.hidden = false;
      return false;
    }
  }

  private startEditing(index: number): void {
    const round = this.rounds[index];
    if (!round?.counts) return;
    const c = round.counts;
    this.editing = index;
    this.setValue("pad-taker", String(c.taker));
    this.setValue("pad-trump", c.trump);
    this.setValue("pad-us", c.points[0] === null || c.points[0] === undefined ? "" : String(c.points[0]));
    this.setValue("pad-them", c.points[1] === null || c.points[1] === undefined ? "" : String(c.points[1]));
    this.setValue("pad-last", c.every_trick !== undefined && c.every_trick !== null ? `every-${c.every_trick}` : String(c.last_trick ?? 0));
    this.setValue("pad-belote", c.belote?.[0] ? String(c.belote[0].seat) : "");
    this.declared = [...(c.declarations ?? [])];
    this.renderDeclarations();
    (this.root.querySelector("#pad-add") as HTMLButtonElement).textContent = this.words.save;
    (this.root.querySelector("#pad-cancel") as HTMLButtonElement).hidden = false;
    this.root.dataset["editing"] = String(index);
  }

  private stopEditing(): void {
    this.editing = null;
    (this.root.querySelector("#pad-add") as HTMLButtonElement).textContent = this.words.add;
    (this.root.querySelector("#pad-cancel") as HTMLButtonElement).hidden = true;
    delete this.root.dataset["editing"];
  }

  private render(): void {
    const w = this.words;
    const answer = this.answer;
    if (!answer) return;
    const chances = answer.chances ?? null;
    const percent = (k: number): string => {
      const c = chances?.[k];
      return c ? `${Math.round((c.win[0] ?? 0) * 100)}%` : "";
    };
    const rows = answer.sheet.map((line, i) => {
      const edit = el("button", { type: "button", className: "pad-edit", "data-round": i }, w.edit);
      edit.addEventListener("click", () => this.startEditing(i));
      const changed = line.changed.length > 0;
      return el(
        "tr",
        { "data-round": i, className: changed ? "changed" : "", title: changed ? `${w.changed}: ${line.changed.join(", ")}` : "" },
        el("td", {}, String(i + 1)),
        el("td", {}, fill(w.seat, { seat: line.dealer })),
        el("td", { "data-team": 0 }, String(line.score[0])),
        el("td", { "data-team": 1 }, String(line.score[1])),
        el("td", { className: "pad-totals" }, `${line.totals[0]} \u2013 ${line.totals[1]}`),
        el("td", { className: "pad-chance" }, percent(i + 1)),
        el("td", {}, edit),
      );
    });
    this.root.querySelector("#pad-body")?.replaceChildren(...rows);
    (this.root.querySelector("#pad-dealer") as HTMLSelectElement).disabled = this.rounds.length > 0;
    const result = this.root.querySelector("#pad-result") as HTMLElement;
    result.hidden = !answer.finished;
    const outcome = answer.winner === 0 ? w.won : answer.winner === 1 ? w.lost : w.drawn;
    result.textContent = answer.finished ? fill(w.finished, { result: outcome }) : "";
    (this.root.querySelector("#pad-add") as HTMLButtonElement).disabled = answer.finished && this.editing === null;
    this.drawChances(chances);
  }

  /** Side 0's chance to win before the first round and after each, as a line. */
  private drawChances(chances: Schemas["Chance"][] | null): void {
    const figure = this.root.querySelector("#pad-chart") as HTMLElement;
    figure.querySelector("svg")?.remove();
    figure.querySelector("p")?.remove();
    if (!chances) {
      figure.append(el("p", {}, this.words.noChance));
      return;
    }
    const ns = "http://www.w3.org/2000/svg";
    const width = 320;
    const height = 120;
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", this.words.chance);
    const step = width / Math.max(1, chances.length - 1);
    const y = (p: number) => (height - 10 - p * (height - 20)).toFixed(1);
    const half = document.createElementNS(ns, "line");
    for (const [k, v] of Object.entries({ x1: "0", x2: String(width), y1: y(0.5), y2: y(0.5), class: "half" })) half.setAttribute(k, v);
    svg.append(half);
    const points = chances.map((c, k) => `${(k * step).toFixed(1)},${y(c.win[0] ?? 0)}`);
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", points.join(" "));
    line.setAttribute("class", "chance");
    svg.append(line);
    chances.forEach((c, k) => {
      const dot = document.createElementNS(ns, "circle");
      for (const [key, v] of Object.entries({ cx: (k * step).toFixed(1), cy: y(c.win[0] ?? 0), r: "3", class: "dot", "data-round": String(k) })) dot.setAttribute(key, v);
      svg.append(dot);
    });
    figure.append(svg);
  }
}
