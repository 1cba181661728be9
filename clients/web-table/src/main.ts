// The table: a whole match, the user at seat 0 against (and with) computer players. The
// page draws what the service answers and sends what the user chooses; every rule (who
// acts, what is legal and why not, who wins a trick, the score) is the service's.
import { type Api, connect, Refused, type Schemas } from "./api.js";
import { cardBack, cardFace, cardText, suitSymbol } from "./cards.js";
import { fill, wordsFor } from "./labels.js";
import type { Action, Announcement, Bid, CompareChoice, LegalBid, Level, RoundEngine, Setup, TableState } from "./round.js";
import { newRound, matchSheet, type Sheet } from "./match.js";
import { offerReview, reopenRound, reviewWords } from "./review.js";
import { installScorePad } from "./scorepad.js";

const languages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
const words = wordsFor(languages);
const api: Api = connect(location.origin, languages);
const params = new URLSearchParams(location.search);
const delay = Number(params.get("delay") ?? 700);
const LEVELS: Level[] = ["beginner", "casual", "easy", "normal", "hard"];

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} missing`);
  return element as T;
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith("data-") || key.startsWith("aria-") || key === "role") element.setAttribute(key, String(value));
    else (element as unknown as Record<string, unknown>)[key] = value;
  }
  element.append(...children);
  return element;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// --- the match ---------------------------------------------------------------------------

let players = 4;
let setup: Setup;
let round: RoundEngine | null = null;
let sheet: Sheet | null = null;
let generation = 0; // a new match stops the previous one's loop
let roundNumber = 0;
let firstDealer = 3;
let heldIn = 0;

function matchOver(): boolean {
  return sheet?.answer.finished ?? false;
}

function seatName(seat: number): string {
  if (players === 2) return seat === 0 ? words.you : words.opponent;
  return [words.you, words.left, words.partner, words.right][seat] ?? String(seat);
}

function trumpText(trump: string | null | undefined): string {
  if (!trump) return "";
  if (trump === "none") return words.none;
  if (trump === "all") return words.all;
  return suitSymbol(trump);
}

function bidText(bid: Bid): string {
  switch (bid.action) {
    case "pass":
      return words.pass;
    case "take":
      return `${words.take} ${trumpText(bid.trump)}`.trim();
    case "name":
      return `${words.name} ${trumpText(bid.trump)}`;
    case "bid": {
      const value = bid.capot ? words.capot : bid.value === undefined || bid.value === null ? "" : String(bid.value);
      return `${value} ${trumpText(bid.trump)}`.trim();
    }
    default:
      return words[bid.action];
  }
}

function say(text: string, kind = "info"): void {
  const log = $("log");
  log.prepend(el("li", { className: kind }, text));
  while (log.children.length > 40) log.lastElementChild?.remove();
}

function notice(text: string): void {
  const box = $("notice");
  box.textContent = text;
  box.hidden = text === "";
}

async function startMatch(): Promise<void> {
  const me = ++generation;
  notice("");
  $("log").replaceChildren();
  let options: Schemas["Options"] | null = null;
  const text = $<HTMLTextAreaElement>("options").value.trim();
  if (text) {
    try {
      options = JSON.parse(text) as Schemas["Options"];
    } catch (error) {
      notice(`${words.options}: ${(error as Error).message}`);
      return;
    }
  }
  const ruleset = $<HTMLSelectElement>("preset").value as Schemas["RulesetName"];
  const seedText = $<HTMLInputElement>("seed").value.trim();
  setup = {
    ruleset,
    options,
    level: $<HTMLSelectElement>("level").value as Level,
    seed: seedText ? Number(seedText) : Math.floor(Math.random() * 2 ** 31),
  };
  players = options?.players ?? Number($<HTMLSelectElement>("preset").selectedOptions[0]?.dataset["players"] ?? 4);
  sheet = null;
  roundNumber = 0;
  heldIn = 0;
  renderSheet();
  firstDealer = players - 1;
  let dealer = firstDealer;
  try {
    for (;;) {
      const next = await playRound(me, dealer);
      if (me !== generation || next === null) return;
      if (matchOver()) return;
      await waitFor($<HTMLButtonElement>("next-round"));
      if (me !== generation) return;
      dealer = next;
    }
  } catch (error) {
    if (me !== generation) return;
    const detail = error instanceof Refused ? error.message : String(error);
    notice(fill(words.error, { detail }));
    throw error;
  }
}

/** Plays one round; the next dealer, or null if the match was replaced. */
async function playRound(me: number, dealer: number): Promise<number | null> {
  round = newRound(api, setup, dealer, roundNumber, heldIn, sheet);
  roundNumber += 1;
  $<HTMLButtonElement>("next-round").hidden = true;
  $("summary").hidden = true;
  let state = await round.deal();
  render(state);
  while (state.phase !== "complete" && state.phase !== "redeal") {
    if (me !== generation) return null;
    const seat = state.toAct;
    if (seat === null) break;
    let actions: Action[];
    if (seat === 0) {
      actions = [await userAction(state)];
    } else {
      await sleep(delay);
      actions = await round.suggest(seat);
    }
    if (me !== generation) return null;
    const before = state;
    for (const action of actions) {
      try {
        state = await round.act(seat, action);
      } catch (error) {
        // A refusal of the user's action: the service's sentence, and the user's turn again.
        if (seat !== 0 || !(error instanceof Refused)) throw error;
        notice(`${words.refused}: ${error.message}`);
        break;
      }
      if (action.type === "bid") say(fill(words.takes, { seat: seatName(seat), bid: bidText(action.bid) }), "bid");
    }
    narrate(before, state);
    render(state);
    if (state.tricks.length > before.tricks.length) await sleep(delay * 1.5);
  }
  if (me !== generation) return null;
  if (state.phase === "redeal") {
    say(words.redeal, "round");
  } else if (state.score) {
    const [us, them] = state.score.score;
    say(fill(words.roundOver, { us: us ?? 0, them: them ?? 0 }), "round");
    renderSummary(state.score);
    if (round) offerReview(api, setup, round, seatName, words === wordsFor(["fr"]));
  }
  sheet = await matchSheet(api, setup, firstDealer, sheet, round);
  renderSheet();
  const answer = sheet.answer;
  heldIn = answer.sheet.at(-1)?.carried ?? 0;
  $<HTMLButtonElement>("next-round").hidden = answer.finished;
  if (answer.finished) $("status").textContent = $("result").textContent;
  $("table").dataset["phase"] = answer.finished ? "match-over" : state.phase;
  return answer.next_dealer;
}

function announcement(a: Announcement): string {
  const seat = seatName(a.seat);
  switch (a.kind) {
    case "declaration":
      return fill(words.declares, { seat, cards: a.cards.map(cardText).join(" ") });
    case "exchange":
      return a.swap ? fill(words.exchanged, { seat, cards: a.cards.map(cardText).join(" \u21c4 ") }) : fill(words.kept, { seat });
    case "compare":
      return a.step ? `${seat}: ${compareText({ step: a.step, length: a.length, top: a.top })}` : seat;
    default:
      return fill(words[a.kind], { seat });
  }
}

function compareText(choice: CompareChoice): string {
  const step = words.steps[choice.step];
  return fill(step, { length: choice.length ?? "", top: choice.top ?? "" });
}

function narrate(before: TableState, after: TableState): void {
  for (const a of after.announcements.slice(before.announcements.length)) say(announcement(a), "announce");
  for (const trick of after.tricks.slice(before.tricks.length)) {
    if (trick.winner !== null) say(fill(words.wins, { seat: seatName(trick.winner), points: trick.points === null ? "" : ` (${trick.points})` }), "trick");
  }
}

// --- the user's turn ---------------------------------------------------------------------

let resolveUser: ((action: Action) => void) | null = null;

function userAction(state: TableState): Promise<Action> {
  return new Promise<Action>((resolve) => {
    resolveUser = (action) => {
      resolveUser = null;
      notice("");
      // Until the service answers, nobody's turn on screen: no stale buttons to press twice.
      $("table").dataset["toAct"] = "";
      $("bids").replaceChildren();
      $("extras").replaceChildren();
      $("hand").classList.remove("playable");
      resolve(action);
    };
    render(state);
    if (state.phase === "play" && state.declarations.length === 0 && !state.belote) ($("hand").querySelector("button.legal") as HTMLButtonElement | null)?.focus();
    else ($("bids").querySelector("button") as HTMLButtonElement | null)?.focus();
  });
}

function waitFor(button: HTMLButtonElement): Promise<void> {
  button.hidden = false;
  button.focus();
  return new Promise((resolve) => button.addEventListener("click", () => resolve(), { once: true }));
}

// --- drawing -----------------------------------------------------------------------------

const POSITIONS_4 = ["south", "west", "north", "east"];
const POSITIONS_2 = ["south", "north"];

function position(seat: number): string {
  return (players === 2 ? POSITIONS_2 : POSITIONS_4)[seat] ?? "north";
}

function render(state: TableState): void {
  const table = $("table");
  table.dataset["phase"] = state.phase;
  table.dataset["toAct"] = String(state.toAct ?? "");
  const mine = state.toAct === 0 && resolveUser !== null;
  $("status").textContent = state.toAct === null ? "" : state.toAct === 0 ? words.yourTurn : fill(words.waiting, { seat: seatName(state.toAct) });
  renderSeats(state);
  renderCenter(state);
  renderHand(state, mine && state.phase === "play");
  renderBids(state, mine && state.phase === "auction");
  renderExtras(state, mine);
  renderContract(state);
}

function renderSeats(state: TableState): void {
  for (const seatBox of Array.from(document.querySelectorAll<HTMLElement>(".seat"))) seatBox.hidden = true;
  for (let seat = 1; seat < players; seat++) {
    const box = $(`seat-${position(seat)}`);
    box.hidden = false;
    const last = [...state.bids].reverse().find((b) => b.seat === seat);
    const dealer = state.dealer === seat ? ` (${words.dealer})` : "";
    box.replaceChildren(
      el("div", { className: "name" + (state.toAct === seat ? " acting" : "") }, seatName(seat) + dealer),
      el("div", { className: "backs" }, ...Array.from({ length: state.counts[seat] ?? 0 }, () => cardBack())),
      el("div", { className: "bubble" }, state.phase === "auction" && last ? bidText(last) : ""),
    );
  }
  const me = $("me-name");
  me.textContent = words.you + (state.dealer === 0 ? ` (${words.dealer})` : "");
  me.className = "name" + (state.toAct === 0 ? " acting" : "");
}

function renderCenter(state: TableState): void {
  const center = $("trick");
  center.replaceChildren();
  const aside = $("table-card");
  aside.replaceChildren();
  if (state.phase === "auction" || state.phase === "exchange") {
    if (state.turned) center.append(el("div", { className: "turned", "data-card": state.turned }, cardFace(state.turned)));
    if (state.proposed) center.append(el("div", { className: "proposed" }, `${words.proposed}: ${trumpText(state.proposed)}`));
    return;
  }
  // A card that stays face up through the play (Klaberjass's turned card).
  if (state.turned) aside.append(el("span", {}, `${words.turned}: `), el("span", { className: "mini", "data-card": state.turned }, cardFace(state.turned)));
  const done = state.tricks.at(-1);
  const showDone = state.trick.cards.length === 0 && done !== undefined;
  const trick = showDone ? done : state.trick;
  trick.cards.forEach((card, i) => {
    const seat = (trick.leader + i) % players;
    const won = showDone && done.winner === seat;
    center.append(el("div", { className: `played ${position(seat)}${won ? " won" : ""}`, "data-card": card, "data-seat": seat }, cardFace(card)));
  });
  center.dataset["done"] = showDone ? "true" : "false";
}

function renderHand(state: TableState, playable: boolean): void {
  const hand = $("hand");
  const reasons = new Map(state.illegal.map((r) => [r.card, r.message]));
  const legal = new Set(state.legal);
  const buttons = state.hand.map((card) => {
    const isLegal = playable && legal.has(card);
    const reason = playable ? reasons.get(card) : undefined;
    const button = el("button", { className: "card" + (isLegal ? " legal" : "") + (reason ? " illegal" : ""), type: "button", "data-card": card, "data-legal": String(isLegal), "aria-label": cardText(card) + (reason ? `: ${reason}` : "") }, cardFace(card));
    if (reason) button.title = reason;
    button.addEventListener("click", () => {
      if (!playable || !resolveUser) return;
      if (isLegal) {
        resolveUser({ type: "play", card });
      } else if (reason) {
        notice(`${words.refused}: ${cardText(card)}. ${reason}`);
        button.classList.add("shake");
        setTimeout(() => button.classList.remove("shake"), 400);
      }
    });
    button.addEventListener("keydown", (event) => {
      const index = buttons.indexOf(button);
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (step === 0) return;
      event.preventDefault();
      buttons[(index + step + buttons.length) % buttons.length]?.focus();
    });
    return button;
  });
  hand.replaceChildren(...buttons);
  hand.classList.toggle("playable", playable);
}

function bidButton(bid: Bid, label = bidText(bid)): HTMLButtonElement {
  const button = el("button", { type: "button", className: `bid ${bid.action}`, "data-action": bid.action, "data-trump": bid.trump ?? "" }, label);
  button.addEventListener("click", () => resolveUser?.({ type: "bid", bid }));
  return button;
}

function renderBids(state: TableState, mine: boolean): void {
  const panel = $("bids");
  panel.hidden = state.phase !== "auction";
  if (!mine) {
    panel.replaceChildren();
    return;
  }
  const rows: HTMLElement[] = [];
  for (const legal of state.legalBids) rows.push(bidRow(legal));
  panel.replaceChildren(...rows);
}

function bidRow(legal: LegalBid): HTMLElement {
  const row = el("div", { className: "bid-row" });
  const trumps = legal.trumps ?? [];
  if (legal.action === "bid" && legal.values && legal.values.length > 0) {
    const select = el("select", { id: "bid-value", "aria-label": words.bid });
    for (const value of legal.values) select.append(el("option", { value: String(value) }, String(value)));
    if (legal.capot) select.append(el("option", { value: "capot" }, words.capot));
    row.append(select);
    for (const trump of trumps) {
      const button = el("button", { type: "button", className: "bid bid-trump", "data-action": "bid", "data-trump": trump }, trumpText(trump));
      button.addEventListener("click", () => {
        const raw = select.value;
        const bid: Bid = raw === "capot" ? { action: "bid", capot: true, trump } : { action: "bid", value: Number(raw), trump };
        resolveUser?.({ type: "bid", bid });
      });
      row.append(button);
    }
    return row;
  }
  if (legal.action === "bid" || legal.action === "name") {
    for (const trump of trumps) row.append(bidButton({ action: legal.action, trump }));
    return row;
  }
  if (legal.action === "coinche" && legal.seats && !legal.seats.includes(0)) return row;
  const bid: Bid = legal.trump ? { action: legal.action, trump: legal.trump } : { action: legal.action };
  row.append(bidButton(bid));
  return row;
}

/** Announcements and choices the service offers the user now, besides cards and bids. */
function renderExtras(state: TableState, mine: boolean): void {
  const panel = $("extras");
  const buttons: HTMLButtonElement[] = [];
  const act = (label: string, action: Action, kind: string) => {
    const button = el("button", { type: "button", className: `extra ${kind}`, "data-action": action.type }, label);
    button.addEventListener("click", () => resolveUser?.(action));
    buttons.push(button);
  };
  if (mine) {
    for (const d of state.declarations) act(`${words.announce}: ${d.cards.map(cardText).join(" ")} (${d.points})`, { type: "declare", cards: d.cards }, "declare");
    if (state.belote) act(words.sayBelote, { type: "belote" }, "belote");
    if (state.exchange) {
      act(words.exchange, { type: "exchange", swap: true }, "exchange");
      act(words.keep, { type: "exchange", swap: false }, "exchange");
    }
    for (const c of state.compare) act(compareText(c), { type: "compare", ...c }, "compare");
  }
  panel.replaceChildren(...buttons);
  panel.hidden = buttons.length === 0;
}

function renderContract(state: TableState): void {
  const c = state.contract;
  const box = $("contract");
  if (!c) {
    box.textContent = "";
    return;
  }
  const bid = c.bid ? `${c.bid.capot ? words.capot : c.bid.value} ` : "";
  const doubled = c.bid && c.bid.coinche !== "none" ? ` ${words[c.bid.coinche === "surcoinche" ? "surcoinche" : "coinche"]}` : c.double !== "none" ? ` ${c.double}` : "";
  box.textContent = `${words.contract}: ${seatName(c.taker)}, ${bid}${trumpText(c.trump)}${doubled}`;
}

/** The round's score as the service worked it out: cards, declarations, belote, score. */
function renderSummary(score: Schemas["RoundScore"]): void {
  const row = (name: string, values: number[], key: string) =>
    el("tr", { "data-row": key }, el("th", {}, name), el("td", { "data-team": 0 }, String(values[0] ?? 0)), el("td", { "data-team": 1 }, String(values[1] ?? 0)));
  const outcome = score.contract.litige ? words.litige : score.contract.made ? words.made : words.failed;
  $("summary").replaceChildren(
    el("p", { className: "outcome" }, `${outcome} (${seatName(score.contract.taker)})`),
    el(
      "table",
      {},
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, words.us), el("th", {}, words.them))),
      el(
        "tbody",
        {},
        row(words.cardPoints, score.card_points, "cards"),
        row(words.declarationPoints, score.declaration_points, "declarations"),
        row(words.belotePoints, score.belote_points, "belote"),
        row(words.scoreLine, score.score, "score"),
      ),
    ),
  );
  $("summary").hidden = false;
}

function renderSheet(): void {
  const body = $("sheet-body");
  body.replaceChildren();
  const answer = sheet?.answer;
  for (const [i, line] of (answer?.sheet ?? []).entries()) {
    const cells = line.type === "redeal" ? ["\u2014", "\u2014"] : line.score.map(String);
    body.append(el("tr", { "data-round": i, "data-type": line.type }, el("td", {}, String(i + 1)), el("td", { "data-team": 0 }, cells[0] ?? ""), el("td", { "data-team": 1 }, cells[1] ?? "")));
  }
  const totals = answer?.totals ?? [0, 0];
  $("total-us").textContent = String(totals[0]);
  $("total-them").textContent = String(totals[1]);
  const result = $("result");
  result.hidden = !answer?.finished;
  if (answer?.finished) {
    const values = { us: totals[0] ?? 0, them: totals[1] ?? 0 };
    result.textContent = fill(answer.winner === 0 ? words.matchWon : answer.winner === 1 ? words.matchLost : words.matchDrawn, values);
  }
}

// --- the page ----------------------------------------------------------------------------

/** A round a review panel's link carries (``?round=``): its end at the table, reviewed. */
async function showLinkedRound(url: string): Promise<void> {
  const french = words === wordsFor(["fr"]);
  try {
    ({ setup, round } = await reopenRound(api, url, params));
  } catch (error) {
    notice(fill(reviewWords(french).unreadable, { detail: error instanceof Refused ? error.message : String(error) }));
    return;
  }
  // The settings show the round's game: New match plays it again.
  const preset = $<HTMLSelectElement>("preset");
  preset.value = setup.ruleset;
  $<HTMLTextAreaElement>("options").value = setup.options ? JSON.stringify(setup.options) : "";
  players = setup.options?.players ?? Number(preset.selectedOptions[0]?.dataset["players"] ?? 4);
  render(round.current);
  if (round.current.score) renderSummary(round.current.score);
  offerReview(api, setup, round, seatName, french, true);
}

function label(id: string, text: string): void {
  $(id).textContent = text;
}

async function main(): Promise<void> {
  document.documentElement.lang = words === wordsFor(["fr"]) ? "fr" : "en";
  document.title = words.title;
  label("title", words.title);
  label("preset-label", words.preset);
  label("level-label", words.level);
  label("options-label", words.options);
  label("seed-label", words.seed);
  label("new-match", words.newMatch);
  label("next-round", words.nextRound);
  label("sheet-title", words.sheet);
  label("h-round", words.round);
  label("h-us", words.us);
  label("h-them", words.them);
  label("h-total", words.total);
  label("keys", words.keys);
  label("setup-summary", words.settings);
  if (matchMedia("(max-width: 700px)").matches) $<HTMLDetailsElement>("setup-box").open = false;
  const level = $<HTMLSelectElement>("level");
  for (const name of LEVELS) level.append(el("option", { value: name, selected: name === (params.get("level") ?? "easy") }, name));
  const list = await api.GET("/v1/rulesets");
  const preset = $<HTMLSelectElement>("preset");
  for (const r of list.data?.rulesets ?? []) {
    preset.append(el("option", { value: r.name, selected: r.name === (params.get("preset") ?? "belote"), "data-players": r.players }, r.title ?? r.name));
  }
  if (params.get("options")) $<HTMLTextAreaElement>("options").value = params.get("options") ?? "";
  if (params.get("seed")) $<HTMLInputElement>("seed").value = params.get("seed") ?? "";
  $("new-match").addEventListener("click", () => void startMatch());
  $("setup").addEventListener("submit", (event) => event.preventDefault());
  installScorePad(api, languages);
  $("table").dataset["ready"] = "true";
  const linked = params.get("round");
  if (linked) void showLinkedRound(linked);
  else if (params.get("autostart") !== "0") void startMatch();
}

void main();
