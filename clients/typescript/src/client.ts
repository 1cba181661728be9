import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type Api = Client<paths>;
export type Schemas = components["schemas"];
export type Problem = Schemas["Problem"];

export const INVALID_INPUT = "tag:belote-rules,2026:problem/invalid-input";

export function connect(baseUrl: string): Api {
  return createClient<paths>({ baseUrl });
}

export const ILLEGAL_BID = "tag:belote-rules,2026:problem/illegal-bid";

/** A refusal parsed into the generated Problem type: its status, type and field. */
export function refused(
  expect: { equal<T>(a: T, b: T, what: string): void; that(c: boolean, what: string, got?: unknown): void },
  result: { response: Response; error?: Problem },
  field: string,
  what: string,
  type: string = INVALID_INPUT,
): void {
  expect.equal(result.response.status, 422, `${what}: status`);
  expect.equal(result.response.headers.get("content-type"), "application/problem+json", `${what}: media type`);
  const problem = result.error;
  expect.that(problem !== undefined, `${what}: a problem body`);
  if (problem === undefined) return;
  expect.equal([problem.type, problem.status], [type, 422], `${what}: problem type and status`);
  expect.that(Object.keys(problem.errors ?? {}).includes(field), `${what}: errors name ${field}`, problem);
}
