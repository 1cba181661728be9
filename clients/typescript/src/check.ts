// Calls every endpoint of the Belote rules service through the client generated from
// openapi.yaml (openapi-typescript types + openapi-fetch), and checks the answers.
// Expected values are worked by hand from RULES.md.
//
//   node dist/check.js http://127.0.0.1:8000
import { type Api, connect, INVALID_INPUT } from "./client.js";
import { Expect, sorted } from "./expect.js";

const OPTIONAL: ReadonlyArray<{ module: string; method: string; path: string }> = [
  { module: "./optional/declarations.js", method: "POST", path: "/v1/declarations/rank" },
  { module: "./optional/round-score.js", method: "POST", path: "/v1/round-score" },
  { module: "./optional/match-score.js", method: "POST", path: "/v1/match-score" },
  { module: "./optional/bidding.js", method: "POST", path: "/v1/bidding" },
];

async function rulesets(api: Api, expect: Expect): Promise<void> {
  const list = await api.GET("/v1/rulesets");
  if (expect.present(list.data, "GET /v1/rulesets body")) {
    const names = list.data.rulesets.map((r) => r.name);
    expect.equal(names, [
      "belote",
      "klob",
      "cardavia",
      "klaberjass",
      "belote-ffb",
      "coinche",
      "belot",
      "klaverjas-rotterdam",
      "klaverjas-amsterdam",
    ], "presets");
    const klaberjass = list.data.rulesets.find((r) => r.name === "klaberjass");
    expect.equal(klaberjass?.players, 2, "klaberjass is played by 2 (RULES.md 5)");
  }
  const coinche = await api.GET("/v1/rulesets/{name}", { params: { path: { name: "coinche" } } });
  if (expect.present(coinche.data, "GET /v1/rulesets/coinche body")) {
    expect.equal(coinche.data.options.target, 2000, "coinche plays to 2000 (RULES.md 5)");
    expect.equal(coinche.data.options.trump_modes, ["C", "D", "H", "S", "none", "all"], "coinche modes");
  }
  const missing = await api.GET("/v1/rulesets/{name}", { params: { path: { name: "poker" } } });
  expect.equal(missing.response.status, 404, "unknown ruleset status");
  if (expect.present(missing.error, "404 problem")) {
    expect.that(missing.error.detail.includes("poker"), "404 detail names the ruleset", missing.error);
  }
  const parameters = await api.GET("/v1/parameters");
  if (expect.present(parameters.data, "GET /v1/parameters body")) {
    const undertrump = parameters.data.parameters.find((p) => p.name === "undertrump");
    expect.equal(undertrump?.values, ["must", "may", "forbidden"], "undertrump values (RULES.md 2)");
  }
}

async function legalMoves(api: Api, expect: Expect): Promise<void> {
  // Clubs led by seat 1; seat 2 trumped with 9H; seat 3 played AC. Seat 0 has no club and
  // its partner (seat 2) wins: belote's void_trump=always -> must trump, any trump (free).
  const partner = await api.POST("/v1/legal-moves", {
    body: { ruleset: "belote", trump: "H", hand: ["7H", "JH", "AS", "KD"], trick: { leader: 1, cards: ["8C", "9H", "AC"] } },
  });
  if (expect.present(partner.data, "legal-moves (partner winning) body")) {
    expect.equal(partner.data.seat, 0, "seat to play = leader + 3 cards (mod 4)");
    expect.equal(sorted(partner.data.legal), ["7H", "JH"], "must trump, any trump");
    expect.equal(partner.data.illegal.map((i) => i.rule), ["must_trump", "must_trump"], "KD and AS break must_trump");
  }
  // An opponent (seat 1) wins with 9H; seat 2 can beat it with JH: it must overtrump.
  const opponent = await api.POST("/v1/legal-moves", {
    body: { trump: "H", hand: ["7H", "JH", "AS", "KD"], trick: { leader: 0, cards: ["8C", "9H"] } },
  });
  if (expect.present(opponent.data, "legal-moves (opponent winning) body")) {
    expect.equal(opponent.data.seat, 2, "seat to play");
    expect.equal(opponent.data.legal, ["JH"], "only the higher trump");
    const rules = Object.fromEntries(opponent.data.illegal.map((i) => [i.card, i.rule]));
    expect.equal(rules, { KD: "must_trump", "7H": "must_overtrump", AS: "must_trump" }, "reasons");
    expect.that(opponent.data.illegal.every((i) => i.message.length > 10), "every refusal has a sentence");
  }
}

async function trickWinner(api: Api, expect: Expect): Promise<void> {
  // Seats 1..0 play 8C 9H AC JH, hearts trump: the jack is the highest trump, seat 0 wins.
  // Points: 8C 0 + 9H 14 + AC 11 + JH 20 = 45 (RULES.md 1), no last-trick bonus.
  const won = await api.POST("/v1/trick-winner", {
    body: { trump: "H", trick: { leader: 1, cards: ["8C", "9h", "A♣", "JH"] } },
  });
  if (expect.present(won.data, "trick-winner body")) {
    expect.equal(
      won.data,
      { winner: 0, team: 0, card: "JH", points: 45, complete: true, roem: null },
      "trick winner",
    );
  }
}

async function problems(api: Api, expect: Expect): Promise<void> {
  const repeated = await api.POST("/v1/legal-moves", {
    body: { trump: "H", hand: ["7H", "7h"], trick: { leader: 0 } },
  });
  expect.equal(repeated.response.status, 422, "a repeated card is refused");
  expect.equal(repeated.response.headers.get("content-type"), "application/problem+json", "problem media type");
  if (expect.present(repeated.error, "422 problem")) {
    expect.equal(repeated.error.type, INVALID_INPUT, "problem type");
    expect.equal(repeated.error.status, 422, "problem status");
    expect.that(Object.keys(repeated.error.errors ?? {}).includes("hand.1"), "errors names hand.1", repeated.error);
  }
}

async function service(api: Api, expect: Expect): Promise<void> {
  const health = await api.GET("/healthz");
  expect.equal(health.data, { status: "ok" }, "healthz");
  const spec = await api.GET("/openapi.yaml", { parseAs: "text" });
  expect.that(spec.data?.includes("openapi: 3.1.0") ?? false, "GET /openapi.yaml serves the spec");
}

async function optional(api: Api, expect: Expect): Promise<void> {
  const spec = (await api.GET("/openapi.yaml", { parseAs: "text" })).data ?? "";
  for (const { module, method, path } of OPTIONAL) {
    const served = spec.includes(`\n  ${path}:\n`);
    let run: ((api: Api, expect: Expect) => Promise<void>) | undefined;
    try {
      ({ run } = (await import(module)) as { run: typeof run });
    } catch (error) {
      if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    }
    expect.that(served === (run !== undefined), `${path}: the server and the generated client agree on whether it exists`);
    if (run === undefined) {
      console.log(`SKIP ${method} ${path}: not in openapi.yaml (yet); its check was not built`);
      continue;
    }
    await run(api, expect);
    console.log(`ran  ${method} ${path}`);
  }
}

async function main(): Promise<void> {
  const baseUrl = process.argv[2] ?? process.env.BELOTE_URL ?? "http://127.0.0.1:8000";
  const api = connect(baseUrl);
  const expect = new Expect();
  for (const step of [rulesets, legalMoves, trickWinner, problems, service, optional]) {
    await step(api, expect);
  }
  for (const failure of expect.failures) console.log(`FAIL ${failure}`);
  console.log(`${expect.passed} checks passed, ${expect.failures.length} failed against ${baseUrl}`);
  process.exitCode = expect.failures.length === 0 ? 0 : 1;
}

await main();
