import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type Api = Client<paths>;
export type Schemas = components["schemas"];
export type Problem = Schemas["Problem"];

export const INVALID_INPUT = "tag:belote-rules,2026:problem/invalid-input";

export function connect(baseUrl: string): Api {
  return createClient<paths>({ baseUrl });
}
