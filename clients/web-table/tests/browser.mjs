// Drives the table in Debian's Chromium (playwright-core, never a downloaded browser):
// plays a whole round by clicking legal cards, clicks an illegal card and reads the
// refusal, compares the score sheet with the service's own answer, saves screenshots.
//
//   node tests/browser.mjs http://127.0.0.1:8000 ../../build/web-table
//
// Prints one JSON line per check ({"check": ..., "ok": true|false, ...}) and a last line
// {"done": true, "failed": N}. The Python test (tests/test_web_table.py) reads them.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { chromium } from "playwright-core";

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
const outside = [];
try {
  const context = await open({ viewport: { width: 1200, height: 820 }, locale: "en-GB" });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("request", (request) => {
    if (!request.url().startsWith(base)) outside.push(request.url());
  });
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  // Every state answer the page receives, to compare the sheet with the service's score.
  const answers = [];
  page.on("response", async (response) => {
    if (response.request().method() === "POST" && response.status() === 200) {
      try {
        answers.push({ url: response.url(), body: await response.json() });
      } catch {
        /* not JSON */
      }
    }
  });
  const query = new URLSearchParams({ preset, seed, level: "easy", delay: "60" });
  await page.goto(`${base}/table/?${query}`);
  await page.waitForSelector("#table[data-ready=true]");

  // The auction: wait for the user's turn, screenshot, then bid what a computer would
  // not need: the first button (pass, or the service's first legal bid).
  let auctionShot = false;
  let refusedChecked = false;
  let keyboardChecked = false;
  let trickShot = false;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("the round did not end within 120 s");
    const phase = await page.getAttribute("#table", "data-phase");
    if (phase === "complete" || phase === "match-over" || phase === "redeal") break;
    const toAct = await page.getAttribute("#table", "data-to-act");
    if (phase === "auction" && toAct === "0" && (await page.locator("#bids button").count()) > 0) {
      if (!auctionShot) {
        await page.screenshot({ path: join(out, "auction.png") });
        auctionShot = true;
      }
      // Take the turned card (or bid) when offered, so the round is played, else pass.
      const take = page.locator('#bids button[data-action="take"], #bids button.bid-trump, #bids button[data-action="name"]');
      const button = (await take.count()) > 0 ? take.first() : page.locator('#bids button[data-action="pass"]');
      await button.click();
      await page.waitForTimeout(30);
      continue;
    }
    if (phase === "play" && toAct === "0" && (await page.locator("#hand.playable").count()) > 0) {
      const illegal = page.locator("#hand button.card.illegal");
      if (!refusedChecked && (await illegal.count()) > 0) {
        const card = illegal.first();
        const title = await card.getAttribute("title");
        await card.click();
        const notice = await page.textContent("#notice");
        const stillMine = (await page.getAttribute("#table", "data-to-act")) === "0";
        check("an illegal card is refused with the service's reason", title && notice?.includes(title) && stillMine, { card: await card.getAttribute("data-card"), reason: title, notice });
        refusedChecked = true;
        await page.screenshot({ path: join(out, "refused.png") });
      }
      const legal = page.locator("#hand button.card.legal");
      check("some card is legal", (await legal.count()) > 0);
      if (!keyboardChecked) {
        // Keyboard play: focus lands on a legal card; Enter plays it.
        const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-card") ?? null);
        const legalCards = await legal.evaluateAll((bs) => bs.map((b) => b.getAttribute("data-card")));
        check("the first legal card has the keyboard focus", legalCards.includes(focused), { focused, legalCards });
        const before = await page.locator("#hand button.card").count();
        await page.keyboard.press("Enter");
        await page.waitForFunction((n) => document.querySelectorAll("#hand button.card").length < n, before);
        check("Enter plays the focused card", true, { card: focused });
        keyboardChecked = true;
        continue;
      }
      await legal.first().click();
      await page.waitForTimeout(30);
      continue;
    }
    if (!trickShot && (await page.locator("#trick .played").count()) === 4) {
      await page.screenshot({ path: join(out, "trick.png") });
      trickShot = true;
    }
    await page.waitForTimeout(25);
  }
  const phase = await page.getAttribute("#table", "data-phase");
  check("the round ended", ["complete", "match-over", "redeal"].includes(phase), { phase });
  await page.waitForSelector("#sheet-body tr", { timeout: 10_000 });
  await page.screenshot({ path: join(out, "round-end.png") });

  // The sheet's first row against the score the service answered for the round.
  const row = await page.locator("#sheet-body tr").first().locator("td").allTextContents();
  const scored = answers.map((a) => a.body?.score).filter((s) => s && Array.isArray(s.score));
  const last = scored.at(-1);
  check("the score sheet shows the service's score", last && row[1] === String(last.score[0]) && row[2] === String(last.score[1]), { sheet: row.slice(1), service: last?.score });
  check("an illegal card was tried", refusedChecked);
  check("the auction was seen", auctionShot);
  check("nothing was fetched from outside", outside.length === 0, { outside });
  check("no script error", errors.length === 0, { errors });

  // A phone-sized viewport: the same page, readable, at its first decision.
  const phone = await open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "fr-FR" });
  const small = phone.pages()[0] ?? (await phone.newPage());
  await small.goto(`${base}/table/?${new URLSearchParams({ preset, seed, level: "easy", delay: "60" })}`);
  await small.waitForFunction(() => document.querySelector("#table")?.getAttribute("data-to-act") === "0", null, { timeout: 60_000 });
  await small.waitForTimeout(200);
  const wide = await small.evaluate(() => document.documentElement.scrollWidth);
  check("the phone layout does not scroll sideways", wide <= 390, { scrollWidth: wide });
  const french = await small.textContent("#new-match");
  check("the page speaks the browser's language", french === "Nouvelle partie", { label: french });
  await small.screenshot({ path: join(out, "phone.png"), fullPage: true });
} finally {
  for (const context of contexts) await context.close();
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
}
console.log(JSON.stringify({ done: true, failed }));
process.exitCode = failed ? 1 : 0;
