// The TypeScript client's run of the shared case list (clients/cases.py): every case through
// openapi-fetch typed by the generated src/schema.d.ts, dispatched by src/dispatch.ts
// (written from openapi.yaml by clients/dispatch.py), each answer written out as parsed.
//
//   node dist/cases.js URL CASES RESULTS
import { readFileSync, writeFileSync } from "node:fs";
import createClient from "openapi-fetch";
import { dispatch } from "./dispatch.js";
import type { paths } from "./schema.js";

type Case = { id: string; operation: string; body: unknown; params: Record<string, string> };

const [url, casesPath, resultsPath] = process.argv.slice(2);
if (!url || !casesPath || !resultsPath) throw new Error("usage: cases.js URL CASES RESULTS");
const client = createClient<paths>({ baseUrl: url });
const results: Array<Record<string, unknown>> = [];
for (const c of JSON.parse(readFileSync(casesPath, "utf8")) as Case[]) {
  try {
    const [status, answer] = await dispatch(client, c.operation, c.body, c.params);
    results.push({ id: c.id, status, answer });
  } catch (error) {
    results.push({ id: c.id, error: String(error) });
  }
}
writeFileSync(resultsPath, JSON.stringify(results));
