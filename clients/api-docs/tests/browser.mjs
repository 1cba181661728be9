// Drives the API reference page (GET /docs) in Debian's Chromium (playwright-core, never a
// downloaded browser): every operationId of the spec is on the page, one request sent from
// the page with "Try it out" gets its answer from the serving instance, nothing is fetched
// from outside, no script error. Saves a screenshot.
//
//   node tests/browser.mjs http://127.0.0.1:8000 ../../build/api-docs-shots IDS BODY_IDS
//
// IDS: the spec's operationIds, comma-separated; BODY_IDS: those that take a request body.
//
// Prints one JSON line per check ({"check": ..., "ok": true|false, ...}) and a last line
// {"done": true, "failed": N}. The Python test (tests/clients/test_api_docs.py) reads them.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { chromium } from "playwright-core";

const [base, out = "../../build/api-docs-shots", ids = "", bodies = ""] = process.argv.slice(2);
if (!base) throw new Error("usage: node tests/browser.mjs BASE_URL [SCREENSHOT_DIR] [OPERATION_IDS]");
mkdirSync(out, { recursive: true });
const expected = ids.split(",").filter(Boolean);

let failed = 0;
function check(name, ok, detail = {}) {
  if (!ok) failed++;
  console.log(JSON.stringify({ check: name, ok: Boolean(ok), ...detail }));
}

const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const profile = mkdtempSync(join(tmpdir(), "api-docs-chromium-"));
let context;
let failedRun = null;
try {
  context = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", headless: true, args: FLAGS, viewport: { width: 1280, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  const outside = [];
  const errors = [];
  const asked = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(base)) outside.push(request.url());
    if (request.url().includes("/v1/")) asked.push(`${request.method()} ${request.url()}`);
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));

  await page.goto(`${base}/docs`);
  await page.waitForSelector("#docs[data-ready]", { timeout: 60_000 });
  check("the page loaded this instance's spec", (await page.getAttribute("#docs", "data-ready")) === "true");
  await page.waitForSelector(".opblock", { timeout: 30_000 });

  const shown = await page.$$eval(".opblock-summary-operation-id", (nodes) => nodes.map((n) => n.textContent.trim()));
  const missing = expected.filter((id) => !shown.includes(id));
  check("every operationId of the spec is on the page", expected.length > 0 && missing.length === 0, { missing, shown: shown.length });
  const servers = await page.$$eval(".servers select option", (nodes) => nodes.map((n) => n.value));
  check("the page's server is its own origin", servers.length === 1 && servers[0] === base, { servers });

  // Every operation opened: its request example (when it takes a body) and the example
  // of its answer are shown.
  for (const control of await page.locator(".opblock-summary-control").all()) await control.click();
  const answer = ".responses-inner .example, .responses-inner .microlight"; // an answer's example
  // The opened operations render one by one (the last ones late on a busy machine): wait
  // until each shows an example answer, or 30 s; the check below names any still without.
  await page
    .waitForFunction(
      (selector) =>
        [...document.querySelectorAll(".opblock")].every((b) => b.querySelector(selector)?.textContent.trim()),
      answer,
      { timeout: 30_000 },
    )
    .catch((error) => {
      if (error.name !== "TimeoutError") throw error;
    });
  const seen = await page.$$eval(
    ".opblock",
    (blocks, selector) =>
      blocks.map((b) => ({
        id: b.querySelector(".opblock-summary-operation-id")?.textContent.trim(),
        body: Boolean(b.querySelector(".body-param__example")?.textContent.trim()),
        answer: Boolean(b.querySelector(selector)?.textContent.trim()),
      })),
    answer,
  );
  const withBody = new Set(bodies.split(",").filter(Boolean));
  const noRequestExample = seen.filter((s) => withBody.has(s.id) && !s.body).map((s) => s.id);
  const noAnswerExample = seen.filter((s) => !s.answer).map((s) => s.id);
  check("every operation shows its request example", withBody.size > 0 && noRequestExample.length === 0, { noRequestExample });
  check("every operation shows an example answer", noAnswerExample.length === 0, { noAnswerExample });

  // Try it out: POST /v1/legal-moves with its example, sent from the page.
  const block = page.locator(".opblock", { has: page.locator(".opblock-summary-operation-id", { hasText: /^legalMoves$/ }) });
  await block.getByRole("button", { name: "Try it out" }).click();
  const answered = page.waitForResponse((response) => response.url() === `${base}/v1/legal-moves` && response.request().method() === "POST", { timeout: 30_000 });
  await block.getByRole("button", { name: "Execute" }).click();
  const response = await answered;
  const body = await response.json();
  const row = block.locator(".live-responses-table tbody tr").first();
  await row.waitFor({ timeout: 30_000 });
  const status = (await row.locator(".response-col_status").textContent()).trim();
  const text = await row.locator(".response-col_description").textContent();
  check("a request sent from the page gets its answer", response.status() === 200 && status === "200" && Array.isArray(body.legal) && body.legal.every((card) => text.includes(card)), { status, legal: body.legal, asked });
  await page.screenshot({ path: join(out, "try-it.png") });
  check("nothing was fetched from outside", outside.length === 0, { outside });
  check("no script or console error", errors.length === 0, { errors });
} catch (error) {
  failedRun = error;
} finally {
  if (context) await context.close();
  rmSync(profile, { recursive: true, force: true });
}
if (failedRun) {
  console.log(JSON.stringify({ check: "the run", ok: false, error: String(failedRun.stack ?? failedRun) }));
  failed++;
}
console.log(JSON.stringify({ done: true, failed }));
process.exitCode = failed ? 1 : 0;
