// The score pad in Chromium (issue 33), called by tests/browser.mjs: two rounds entered
// as counted (belote said, a tierce to the king by its kind), the sheet and the chance line
// compared with the service's answer, an impossible count refused with the service's
// sentence, the first round corrected and the changed line marked. Saves scorepad.png.
import { join } from "node:path";

export async function scorePad({ open, table, check, out }) {
  const desk = await open({ viewport: { width: 1200, height: 1000 }, locale: "en-GB" });
  const { page, watch } = await table(desk, { preset: "belote", autostart: "0" });
  const answered = () => page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/match");
  let waiting = answered();
  await page.click("#scorepad-open");
  await waiting;
  await page.waitForSelector("#scorepad:not([hidden]) #pad-form");

  // Round 1: seat 0 takes hearts; we counted 92 and took the last trick; seat 0 said belote.
  await page.selectOption("#pad-taker", "0");
  await page.selectOption("#pad-trump", "H");
  await page.fill("#pad-us", "92");
  await page.selectOption("#pad-last", "0");
  await page.selectOption("#pad-belote", "0");
  waiting = answered();
  await page.click("#pad-add");
  await (await waiting).json();
  // Round 2: seat 1 takes spades; they counted 72 and the last trick; seat 1 a tierce to the K.
  await page.selectOption("#pad-taker", "1");
  await page.selectOption("#pad-trump", "S");
  await page.fill("#pad-them", "72");
  await page.selectOption("#pad-last", "1");
  await page.selectOption("#pad-belote", "");
  await page.selectOption("#pad-decl-seat", "1");
  await page.selectOption("#pad-decl-kind", "3");
  await page.selectOption("#pad-decl-rank", "K");
  await page.click("#pad-decl-add");
  waiting = answered();
  await page.click("#pad-add");
  const two = await (await waiting).json();
  const rows = await page.$$eval("#pad-body tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
  const same = rows.length === 2 && two.sheet.every((line, i) => rows[i][2] === String(line.score[0]) && rows[i][3] === String(line.score[1]) && rows[i][4] === `${line.totals[0]} \u2013 ${line.totals[1]}`);
  check("score pad: the sheet shows the service's scores of the counted rounds", same, { rows, service: two.sheet.map((l) => l.score) });
  const dots = await page.$$eval("#pad-chart circle", (cs) => cs.length);
  const shown = await page.$$eval("#pad-body td.pad-chance", (tds) => tds.map((td) => td.textContent));
  const percents = two.chances.slice(1).map((c) => `${Math.round(c.win[0] * 100)}%`);
  check("score pad: the chance line has a point before the first round and after each", dots === two.chances.length && dots === 3 && shown.join() === percents.join(), { dots, shown, percents });

  // An impossible count: the service's sentence, the sheet unchanged.
  await page.fill("#pad-us", "999");
  await page.click("#pad-add");
  await page.waitForSelector("#pad-notice:not([hidden])");
  const notice = await page.textContent("#pad-notice");
  check("score pad: an impossible count is refused with the service's reason", /points/.test(notice ?? "") && (await page.$$("#pad-body tr")).length === 2, { notice });
  await page.fill("#pad-us", "");

  // Correct round 1: 72, not 92.
  await page.click("#pad-body tr[data-round='0'] .pad-edit");
  await page.fill("#pad-us", "72");
  waiting = answered();
  await page.click("#pad-add");
  const fixed = await (await waiting).json();
  const marked = await page.$$eval("#pad-body tr.changed", (trs) => trs.map((tr) => tr.dataset.round));
  const total = await page.textContent("#pad-body tr[data-round='1'] td.pad-totals");
  check(
    "score pad: a corrected round changes the sheet and marks what changed",
    fixed.sheet[0].changed.includes("score") && marked.includes("0") && total === `${fixed.totals[0]} \u2013 ${fixed.totals[1]}`,
    { marked, changed: fixed.sheet.map((l) => l.changed), total },
  );
  await page.screenshot({ path: join(out, "scorepad.png"), fullPage: true });
  check("score pad: nothing was fetched from outside", watch.outside.length === 0, { outside: watch.outside });
  check("score pad: no script error", watch.errors.length === 0, { errors: watch.errors });
}
