// The review panel: once a round is over, the service reviews it (POST /v1/rounds/review,
// docs/review.md) and the panel shows each seat's accuracy and classes, the cards that
// cost something, and the deal's par. The page judges nothing: every figure is the
// service's answer. The panel links to the table's own page with the round in its
// address (the record's URL-safe notation, POST /v1/rounds/text, docs/notation.md, with
// the review's level and seed); that page reads the round back (POST /v1/rounds/from-text)
// and shows it at its end, reviewed again: the same record, level and seed give the same
// review.
import { type Api, body, Refused, type Schemas } from "./api.js";
import { Round } from "./game.js";
import type { Level, RoundEngine, Setup } from "./round.js";

export type Review = Schemas["Review"];

const WORDS = {
  en: {
    button: "Review the round",
    title: "Review",
    seat: "Seat",
    accuracy: "Accuracy",
    cost: "Cost",
    inaccuracy: "inaccuracy",
    mistake: "mistake",
    blunder: "blunder",
    unlucky: "unlucky",
    best: "best",
    card: "Trick {trick}: {seat} played {card}: {class} (cost {cost}; best {best})",
    clean: "No card cost anything.",
    par: "Par, every hand open: {side}, {trump} taken by {seat}: {margin}",
    us: "our side",
    them: "their side",
    waiting: "Reviewing…",
    error: "No review: {detail}",
    reopen: "Open this round",
    newMatch: "Play a new match",
    shared: "A round from a link, reviewed",
    unreadable: "No round in this link: {detail}",
  },
  fr: {
    button: "Analyser la donne",
    title: "Analyse",
    seat: "Place",
    accuracy: "Précision",
    cost: "Coût",
    inaccuracy: "imprécision",
    mistake: "erreur",
    blunder: "gaffe",
    unlucky: "malchance",
    best: "meilleur",
    card: "Pli {trick} : {seat} a joué {card} : {class} (coût {cost} ; meilleur {best})",
    clean: "Aucune carte n'a rien coûté.",
    par: "Par, toutes mains ouvertes : {side}, {trump} pris par {seat} : {margin}",
    us: "notre camp",
    them: "leur camp",
    waiting: "Analyse en cours…",
    error: "Pas d'analyse : {detail}",
    reopen: "Ouvrir cette donne",
    newMatch: "Jouer une nouvelle partie",
    shared: "Une donne d'un lien, analysée",
    unreadable: "Pas de donne dans ce lien : {detail}",
  },
};
type Words = (typeof WORDS)["en"];

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
}

function node<K extends keyof HTMLElementTagNameMap>(tag: K, text = "", attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.textContent = text;
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  return element;
}

/** The review of the round just played, at the match's level and seed. */
export async function fetchReview(api: Api, setup: Setup, round: RoundEngine): Promise<Review> {
  const request = { ruleset: setup.ruleset, options: setup.options, ...round.asMatchRound, level: setup.level, seed: String(setup.seed) };
  return body(await api.POST("/v1/rounds/review", { body: request }));
}

/** The panel of a review; ``seatName`` names a seat as the table does. */
export function reviewPanel(review: Review, seatName: (seat: number) => string, words: Words): HTMLElement {
  const panel = node("section", "", { id: "review-panel", "aria-label": words.title });
  panel.append(node("h3", words.title));
  const table = node("table");
  const head = node("tr");
  for (const title of [words.seat, words.accuracy, words.inaccuracy, words.mistake, words.blunder, words.unlucky, words.cost]) head.append(node("th", title));
  table.append(head);
  for (const seat of review.seats) {
    const row = node("tr", "", { "data-seat": String(seat.seat) });
    const cells = [seatName(seat.seat), seat.accuracy === null || seat.accuracy === undefined ? "—" : `${seat.accuracy}`, seat.classes.inaccuracy, seat.classes.mistake, seat.classes.blunder, seat.classes.unlucky, seat.info_cost];
    for (const cell of cells) row.append(node("td", String(cell)));
    table.append(row);
  }
  panel.append(table);
  const costly = review.cards.filter((c) => c.class !== "best");
  const list = node("ol");
  for (const c of costly) {
    const best = c.info.values[0]?.card ?? c.card;
    const text = fill(words.card, { trick: c.trick + 1, seat: seatName(c.seat), card: c.card, class: words[c.class], cost: c.info.cost, best });
    list.append(node("li", text, { "data-class": c.class }));
  }
  panel.append(costly.length > 0 ? list : node("p", words.clean));
  for (const best of review.par?.best ?? []) {
    const side = best.team === 0 ? words.us : words.them;
    panel.append(node("p", fill(words.par, { side, trump: best.trump, seat: seatName(best.taker), margin: best.margin }), { "data-team": String(best.team) }));
  }
  return panel;
}

/** The table's own address that reopens ``round``: its record in the URL-safe notation
 * (POST /v1/rounds/text), with the level and seed of its review. */
export async function reopenLink(api: Api, setup: Setup, round: RoundEngine): Promise<string> {
  const request = { ruleset: setup.ruleset, options: setup.options, ...round.asMatchRound };
  const { url } = body(await api.POST("/v1/rounds/text", { body: request }));
  const query = new URLSearchParams({ round: url, level: setup.level, seed: String(setup.seed) });
  return `${location.pathname}?${query}`;
}

/** The round an address carries (``?round=r1.…&level=…&seed=…``, a review panel's link):
 * its record as the service reads it back (POST /v1/rounds/from-text), the setup of its
 * review, and the round at its end (seat 0's view of the whole record). */
export async function reopenRound(api: Api, url: string, params: URLSearchParams): Promise<{ setup: Setup; round: Round }> {
  const read = body(await api.POST("/v1/rounds/from-text", { body: { url } }));
  const options = Object.keys(read.options).length > 0 ? (read.options as Schemas["Options"]) : null;
  const setup: Setup = { ruleset: read.ruleset, options, level: (params.get("level") ?? "normal") as Level, seed: Number(params.get("seed") ?? 0) };
  // The answer is the record as POST /v1/rounds/state takes it (docs/api.md).
  const record = { dealer: read.dealer, held_in: read.held_in, deal: read.deal, actions: read.actions } as unknown as Schemas["RoundRecord"];
  const round = new Round(api, setup, read.dealer, 0, read.held_in, null);
  await round.open(record);
  return { setup, round };
}

/** The words of the review in the page's language (the page's own notices). */
export function reviewWords(french: boolean): Words {
  return french ? WORDS.fr : WORDS.en;
}

/** A button under the round's summary that asks for the review and shows its panel, with
 * the link that reopens the round. ``reopened``: the round came from such a link; the
 * review is asked at once, and the panel links to a new match too. */
export function offerReview(api: Api, setup: Setup, round: RoundEngine, seatName: (seat: number) => string, french: boolean, reopened = false): void {
  const words = french ? WORDS.fr : WORDS.en;
  const summary = document.getElementById("summary");
  if (!summary) return;
  const button = node("button", words.button, { type: "button", id: "review-round" });
  const status = node("p", "", { role: "status" });
  button.addEventListener("click", () => {
    button.disabled = true;
    status.textContent = words.waiting;
    // A round the service cannot write as text still has its review, without the link.
    const link = reopenLink(api, setup, round).catch(() => null);
    fetchReview(api, setup, round)
      .then(async (review) => {
        const panel = reviewPanel(review, seatName, words);
        const href = await link;
        const links = node("p", "", { class: "review-links" });
        if (href !== null) links.append(node("a", words.reopen, { id: "reopen-round", href }));
        if (reopened) links.append(node("a", words.newMatch, { id: "new-match-link", href: location.pathname }));
        if (links.children.length > 0) panel.append(links);
        status.textContent = "";
        button.hidden = true;
        summary.append(panel);
      })
      .catch((error: unknown) => {
        const detail = error instanceof Refused ? error.message : String(error);
        status.textContent = fill(words.error, { detail });
        button.disabled = false;
      });
  });
  summary.append(button, status);
  if (reopened) {
    summary.prepend(node("p", words.shared, { class: "shared" }));
    button.click();
  }
}
