// Drives the table in Debian's Chromium (playwright-core, never a downloaded browser):
// plays a whole round by clicking legal cards (the first one by the keyboard), clicks an
// illegal card and reads the refusal, compares the score sheet and the next dealer with
// the service's own answers, then plays a one-round match (options {"target": 1}) on a
// phone-sized viewport in French by tapping, to its result. Saves screenshots.
//
//   node tests/browser.mjs http://127.0.0.1:8000 ../../build/web-table
//
// Prints one JSON line per check ({"check": ..., "ok": true|false, ...}) and a last line
// {"done": true, "failed": N}. The Python test (tests/clients/test_web_table.py) reads them.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { chromium } from "playwright-core";

import { scorePad } from "./scorepad.mjs";

const [base, out = "build/web-table"] = process.argv.slice(2);
if (!base) throw new Error("usage: node tests/browser.mjs BASE_URL [SCREENSHOT_DIR]");
mkdirSync(out, { recursive: true });
const preset = process.env.TABLE_PRESET ?? "belote";
const seed = process.env.TABLE_SEED ?? "7";

let failed = 0;
function check(name, ok, detail = {}) {
  if (!ok) failed++;
  console.log(JSON.stringify({ check: name, ok: Boolean(ok), ...detail }));
}

// Each context in a fresh profile directory (--user-data-dir), removed at the end.
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const profiles = [];
const contexts = [];
async function open(options) {
  const profile = mkdtempSync(join(tmpdir(), "web-table-chromium-"));
  profiles.push(profile);
  const context = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", headless: true, args: FLAGS, ...options });
  contexts.push(context);
  return context;
}

/** What ``page`` fetched from outside, its script errors, the service's answers and the
 * computer seats' requests (POST /v1/suggest/action). */
function watchPage(page) {
  const watch = { outside: [], errors: [], answers: [], suggestions: [] };
  page.on("request", (request) => {
    if (!request.url().startsWith(base)) watch.outside.push(request.url());
    else if (new URL(request.url()).pathname === "/v1/suggest/action") watch.suggestions.push(request.postDataJSON());
  });
  page.on("pageerror", (error) => watch.errors.push(String(error)));
  page.on("response", async (response) => {
    if (response.request().method() !== "POST" || response.status() !== 200) return;
    try {
      watch.answers.push({ path: new URL(response.url()).pathname, body: await response.json() });
    } catch {
      /* not JSON */
    }
  });
  return watch;
}

/** The table in the context's page, with ``query`` in its address. */
async function table(context, query) {
  const page = context.pages()[0] ?? (await context.newPage());
  const watch = watchPage(page);
  await page.goto(`${base}/table/?${new URLSearchParams(query)}`);
  await page.waitForSelector("#table[data-ready=true]");
  return { page, watch };
}

/** Plays the user's seat until the round ends: takes or bids when offered, else passes;
 * plays the first legal card. Hooks see the first auction turn, the first hand with an
 * illegal card, the first hand at all and the first complete trick. */
async function playRound(page, { tap = false, onAuction, onIllegal, onFirstCard, onTrick } = {}) {
  const press = (locator) => (tap ? locator.tap() : locator.click());
  let first = true;
  let seenIllegal = false;
  let seenAuction = false;
  let seenTrick = false;
  const deadline = Date.now() + Number(process.env.TABLE_ROUND_SECONDS ?? 240) * 1000;
  for (;;) {
    if (Date.now() > deadline) {
      await page.screenshot({ path: join(out, "stuck.png") });
      const where = await page.evaluate(() => ({ phase: document.querySelector("#table")?.getAttribute("data-phase"), toAct: document.querySelector("#table")?.getAttribute("data-to-act"), notice: document.querySelector("#notice")?.textContent, status: document.querySelector("#status")?.textContent }));
      throw new Error(`the round did not end in time: ${JSON.stringify(where)}`);
    }
    const phase = await page.getAttribute("#table", "data-phase");
    if (phase === "complete" || phase === "match-over" || phase === "redeal") return phase;
    const mine = (await page.getAttribute("#table", "data-to-act")) === "0";
    if (phase === "auction" && mine && (await page.locator("#bids button").count()) > 0) {
      if (!seenAuction && onAuction) await onAuction();
      seenAuction = true;
      // The panel may be redrawn between two reads: a button that is gone is read again.
      const take = page.locator('#bids button[data-action="take"], #bids button[data-action="bid"], #bids button[data-action="name"]');
      const choice = (await take.count()) > 0 ? take.first() : page.locator('#bids button[data-action="pass"]');
      if ((await choice.count()) === 0) continue;
      try {
        await (tap ? choice.tap({ timeout: 5000 }) : choice.click({ timeout: 5000 }));
      } catch (error) {
        if ((await choice.count()) > 0) throw error; // still there, yet not pressable
        continue; // redrawn away between the read and the press: read the table again
      }
      await page.waitForTimeout(30);
      continue;
    }
    // The exchange, the comparison (Klaberjass): whatever the service offers first.
    const extras = page.locator("#extras:not([hidden]) button");
    if (mine && (await extras.count()) > 0 && (await page.locator("#hand button.card.legal").count()) === 0) {
      await press(extras.first());
      await page.waitForTimeout(30);
      continue;
    }
    if (phase === "play" && mine && (await page.locator("#hand.playable").count()) > 0) {
      if (!seenIllegal && onIllegal && (await page.locator("#hand button.card.illegal").count()) > 0) {
        await onIllegal();
        seenIllegal = true;
      }
      const legal = page.locator("#hand button.card.legal");
      if ((await legal.count()) === 0) throw new Error("no legal card in the hand");
      const before = await page.locator("#hand button.card").count();
      if (first && onFirstCard) await onFirstCard();
      else await press(legal.first());
      first = false;
      await page.waitForFunction((n) => document.querySelectorAll("#hand button.card").length < n, before);
      continue;
    }
    if (!seenTrick && onTrick && (await page.locator("#trick .played").count()) === 4) {
      await onTrick();
      seenTrick = true;
    }
    await page.waitForTimeout(25);
  }
}

let failedRun = null;
try {
  // --- a whole round, on a desktop viewport, in English --------------------------------
  const desk = await open({ viewport: { width: 1200, height: 820 }, locale: "en-GB" });
  const { page, watch } = await table(desk, { preset, seed, level: "easy", delay: "20" });
  const phase = await playRound(page, {
    onAuction: () => page.screenshot({ path: join(out, "auction.png") }),
    onIllegal: async () => {
      const card = page.locator("#hand button.card.illegal").first();
      const reason = await card.getAttribute("title");
      const name = await card.getAttribute("data-card");
      await card.click();
      const notice = await page.textContent("#notice");
      const stillMine = (await page.getAttribute("#table", "data-to-act")) === "0";
      const stillHeld = (await page.locator(`#hand button.card[data-card="${name}"]`).count()) === 1;
      // The reason is the service's: the state's sentence for that card.
      const state = watch.answers.filter((a) => a.path === "/v1/rounds/view").at(-1)?.body;
      const said = state?.legal.illegal.find((i) => i.card === name)?.message;
      check("an illegal card is refused with the service's reason", reason && reason === said && notice?.includes(reason) && stillMine && stillHeld, { card: name, reason, notice });
      await page.screenshot({ path: join(out, "refused.png") });
    },
    onFirstCard: async () => {
      // Keyboard play: the focus is on a legal card; the arrows move it; Enter plays it.
      const legal = await page.locator("#hand button.card.legal").evaluateAll((bs) => bs.map((b) => b.getAttribute("data-card")));
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-card") ?? null);
      check("the first legal card has the keyboard focus", legal.includes(focused), { focused, legal });
      const cards = await page.locator("#hand button.card").evaluateAll((bs) => bs.map((b) => b.getAttribute("data-card")));
      await page.keyboard.press("ArrowRight");
      const right = await page.evaluate(() => document.activeElement?.getAttribute("data-card") ?? null);
      await page.keyboard.press("ArrowLeft");
      const back = await page.evaluate(() => document.activeElement?.getAttribute("data-card") ?? null);
      const next = cards[(cards.indexOf(focused) + 1) % cards.length];
      check("the arrows move the focus along the hand", right === next && back === focused, { focused, right, back });
      await page.keyboard.press("Enter");
    },
    onTrick: () => page.screenshot({ path: join(out, "trick.png") }),
  });
  check("the round ended", phase === "complete" || phase === "match-over", { phase });
  await page.waitForSelector("#sheet-body tr");
  await page.screenshot({ path: join(out, "round-end.png") });
  const row = await page.locator("#sheet-body tr").first().locator("td").allTextContents();
  const states = watch.answers.filter((a) => a.path === "/v1/rounds/view").map((a) => a.body);
  const score = states.at(-1)?.score?.score;
  check("the score sheet shows the service's score", score && row[1] === String(score[0]) && row[2] === String(score[1]), { sheet: row.slice(1), service: score });
  const summary = await page.locator('#summary tr[data-row="score"] td').allTextContents();
  check("the round's summary shows the same score", score && summary.join(",") === score.join(","), { summary });
  const match = watch.answers.filter((a) => a.path === "/v1/match").at(-1)?.body;
  const totals = [await page.textContent("#total-us"), await page.textContent("#total-them")];
  check("the totals are the match sheet's", match && totals.join(",") === match.totals.join(","), { totals, service: match?.totals });
  // The round's review (POST /v1/rounds/review): each seat's row, as the service answers.
  await page.click("#review-round");
  await page.waitForSelector("#review-panel tr[data-seat]", { timeout: 60000 });
  const reviewed = watch.answers.filter((a) => a.path === "/v1/rounds/review").at(-1)?.body;
  const seatRows = await page.locator("#review-panel tr[data-seat]").count();
  check("the review panel shows every seat of the service's review", reviewed && seatRows === reviewed.seats.length, { rows: seatRows, service: reviewed?.seats?.length });
  await page.screenshot({ path: join(out, "review.png") });
  // The panel's link: the table's page with the round's URL-safe notation (the answer of
  // POST /v1/rounds/text) and the review's level and seed. Opened in a new page, the round
  // is read back (POST /v1/rounds/from-text) and reviewed again: the same review.
  const href = await page.getAttribute("#reopen-round", "href");
  const written = watch.answers.filter((a) => a.path === "/v1/rounds/text").at(-1)?.body;
  const link = new URL(href ?? "", page.url());
  check("the review links to the round in its notation", written && link.pathname === "/table/" && link.searchParams.get("round") === written.url && link.searchParams.get("level") === "easy" && link.searchParams.get("seed") === seed, { href, url: written?.url });
  const panelText = (p) => p.locator("#review-panel tr[data-seat], #review-panel p[data-team]").allTextContents();
  const firstPanel = await panelText(page);
  const again = await desk.newPage();
  const seen = watchPage(again);
  await again.goto(link.href);
  await again.waitForSelector("#review-panel tr[data-seat]", { timeout: 60000 });
  const reread = seen.answers.filter((a) => a.path === "/v1/rounds/from-text").at(-1)?.body;
  const rereviewed = seen.answers.filter((a) => a.path === "/v1/rounds/review").at(-1)?.body;
  const seats = (r) => JSON.stringify(r?.seats?.map((s) => [s.seat, s.accuracy, s.classes, s.info_cost]));
  check("the reopened round is read back from its notation", reread && reread.dealer === states.at(-1)?.dealer && reread.actions.length === states.at(-1)?.actions, { dealer: reread?.dealer, actions: reread?.actions?.length, played: states.at(-1)?.actions });
  check("the reopened round's review equals the first (seats, accuracies)", rereviewed && seats(rereviewed) === seats(reviewed) && JSON.stringify(await panelText(again)) === JSON.stringify(firstPanel), { first: seats(reviewed), again: seats(rereviewed), complete: [reviewed?.complete, rereviewed?.complete] });
  const againSummary = await again.locator('#summary tr[data-row="score"] td').allTextContents();
  check("the reopened round shows its score", score && againSummary.join(",") === score.join(","), { summary: againSummary });
  const fresh = await again.getAttribute("#new-match-link", "href");
  check("the reopened round links to a new match", fresh === "/table/", { href: fresh });
  await again.locator("#review-panel").scrollIntoViewIfNeeded();
  await again.screenshot({ path: join(out, "reopened.png"), fullPage: true });
  await again.locator("#summary").screenshot({ path: join(out, "review-panel.png") });
  // A link that holds no round: the service's sentence, no panel, no match started.
  await again.goto(`${base}/table/?round=r1.nonsense`);
  const unread = await again.waitForSelector("#notice:not([hidden])", { timeout: 10_000 }).then((n) => n.textContent(), () => null);
  const idle = (await again.locator("#review-panel, #hand button.card").count()) === 0;
  check("a link without a round shows the service's sentence", unread?.startsWith("No round in this link: ") && unread.length > 24 && idle, { notice: unread });
  check("nothing was fetched from outside (reopened)", seen.outside.length === 0, { outside: seen.outside });
  check("no script error (reopened)", seen.errors.length === 0, { errors: seen.errors });
  await again.close();
  // The next round: dealt by the seat the service names; its computer seats are told where
  // the match stands (the first round's were not: 0-0).
  const before = watch.suggestions.length;
  check("the first round's suggestions carry no match", before > 0 && watch.suggestions.every((s) => !("match" in s)), { asked: before });
  await page.click("#next-round");
  await page.waitForFunction(() => document.querySelector("#table")?.getAttribute("data-phase") === "auction");
  const dealerSeat = await page.evaluate(() => {
    const names = [...document.querySelectorAll(".seat:not([hidden]) .name, #me-name")];
    return names.find((n) => n.textContent?.includes("(dealer)"))?.closest("[id]")?.id ?? null;
  });
  const expected = { 0: "me-name", 1: "seat-west", 2: "seat-north", 3: "seat-east" }[match?.next_dealer];
  check("the next round is dealt by the service's next dealer", dealerSeat === expected, { dealer: dealerSeat, next_dealer: match?.next_dealer });
  // The seat after the dealer, a computer seat, bids first.
  for (let i = 0; i < 300 && watch.suggestions.length <= before; i++) await page.waitForTimeout(100);
  const told = watch.suggestions.slice(before).map((s) => s.match);
  const situation = { totals: match?.totals, held_in: match?.sheet.at(-1)?.carried, deals_left: null };
  check("the next round's suggestions carry the match", told.length > 0 && told.every((m) => JSON.stringify(m) === JSON.stringify(situation)), { told, situation });
  check("nothing was fetched from outside", watch.outside.length === 0, { outside: watch.outside });
  check("no script error", watch.errors.length === 0, { errors: watch.errors });

  // --- other games: a Coinche round (values, coinche), a Klaberjass round (two players,
  // the trump-7 exchange and the comparison as the state offers them) -------------------
  for (const other of (process.env.TABLE_MORE ?? "coinche,klaberjass").split(",").filter(Boolean)) {
    const more = await table(desk, { preset: other, seed, level: "easy", delay: "20" });
    const ended = await playRound(more.page, {});
    await more.page.waitForSelector("#sheet-body tr");
    const line = await more.page.locator("#sheet-body tr").first().locator("td").allTextContents();
    const last = more.watch.answers.filter((a) => a.path === "/v1/rounds/view").at(-1)?.body;
    const said = (await more.page.locator("#log li.announce").allTextContents()).reverse();
    check(`${other}: a round played, the sheet shows the service's score`, ended !== "redeal" && last?.score && line.slice(1).join(",") === last.score.score.join(","), { sheet: line.slice(1), service: last?.score?.score, announced: said });
    await more.page.screenshot({ path: join(out, `${other}.png`) });
    check(`${other}: no script error`, more.watch.errors.length === 0, { errors: more.watch.errors });
  }

  // --- the score pad (tests/scorepad.mjs) ---------------------------------------------
  await scorePad({ open, table, check, out });

  // --- a one-round match on a phone, in French, by tapping -----------------------------
  const phone = await open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "fr-FR" });
  const small = await table(phone, { preset, seed: "8", level: "easy", delay: "20", options: '{"target": 1}' });
  let phoneShot = false;
  const french = await small.page.textContent("#new-match");
  check("the page speaks the browser's language", french === "Nouvelle partie", { label: french });
  const ended = await playRound(small.page, {
    tap: true,
    onIllegal: async () => {
      const reason = await small.page.locator("#hand button.card.illegal").first().getAttribute("title");
      check("the service's reasons come in French", reason && /vous|atout|couleur/i.test(reason), { reason });
    },
    onFirstCard: async () => {
      const wide = await small.page.evaluate(() => document.documentElement.scrollWidth);
      check("the phone layout does not scroll sideways", wide <= 390, { scrollWidth: wide });
      await small.page.screenshot({ path: join(out, "phone.png"), fullPage: true });
      phoneShot = true;
      await small.page.locator("#hand button.card.legal").first().tap();
    },
  });
  const over = await small.page.waitForSelector("#table[data-phase=match-over]", { timeout: 10_000 }).then(() => true, () => false);
  const result = await small.page.textContent("#result");
  check("a one-round match ends with its result", ["complete", "match-over"].includes(ended) && over && /Partie (gagnée|perdue|nulle)/.test(result ?? ""), { phase: ended, result });
  await small.page.screenshot({ path: join(out, "phone-match-over.png"), fullPage: true });
  check("the phone was seen", phoneShot);
  check("nothing was fetched from outside (phone)", small.watch.outside.length === 0, { outside: small.watch.outside });
  check("no script error (phone)", small.watch.errors.length === 0, { errors: small.watch.errors });
} catch (error) {
  failedRun = error;
} finally {
  for (const context of contexts) await context.close();
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
}
if (failedRun) {
  console.log(JSON.stringify({ check: "the run", ok: false, error: String(failedRun.stack ?? failedRun) }));
  failed++;
}
console.log(JSON.stringify({ done: true, failed }));
process.exitCode = failed ? 1 : 0;
