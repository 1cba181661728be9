// The generated client: types from openapi.yaml (openapi-typescript), calls by
// openapi-fetch, the same pinned tools as clients/typescript. The page is served beside
// the API, so the service is this page's own origin; the browser's languages go out as
// Accept-Language, and the service's sentences come back in them.
import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type Api = Client<paths>;
export type Schemas = components["schemas"];
export type Problem = Schemas["Problem"];

export function acceptLanguage(languages: readonly string[]): string {
  const unique = [...new Set(languages.filter((l) => l.length > 0))].slice(0, 9);
  return unique.map((l, i) => (i === 0 ? l : `${l};q=${(1 - i / 10).toFixed(1)}`)).join(", ") || "en";
}

export function connect(baseUrl: string, languages: readonly string[]): Api {
  return createClient<paths>({ baseUrl, headers: { "Accept-Language": acceptLanguage(languages) } });
}

/** A refusal by the service, carrying its problem's sentence. */
export class Refused extends Error {
  constructor(readonly problem: Problem | undefined, readonly status: number) {
    super(problem?.detail ?? `HTTP ${status}`);
  }
}

/** The body of an answer, or the service's problem thrown as Refused. */
export function body<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Refused(result.error as Problem | undefined, result.response.status);
  return result.data;
}
