// Bundle the API reference page with esbuild into one directory outside the source tree
// (default ../../build/api-docs; argument 1 changes it): index.html, docs.css (Swagger
// UI's stylesheet and ours) and docs.js (Swagger UI, js-yaml and src/main.js), nothing
// else. The service serves exactly these three files at /docs (service/api/http/docs.py).
import { mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

import { build } from "esbuild";

const require = createRequire(import.meta.url);
const out = resolve(process.argv[2] ?? "../../build/api-docs");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: ["src/main.js"],
  bundle: true,
  format: "iife",
  target: "es2020",
  outfile: `${out}/docs.js`,
  minify: true,
  legalComments: "eof",
  logLevel: "warning",
});
if (result.warnings.length) process.exitCode = 1;
const css = readFileSync(require.resolve("swagger-ui-dist/swagger-ui.css"), "utf8");
writeFileSync(`${out}/docs.css`, `${css}\n${readFileSync("static/docs.css", "utf8")}`);
copyFileSync("static/index.html", `${out}/index.html`);
const version = JSON.parse(readFileSync(require.resolve("swagger-ui-dist/package.json"), "utf8")).version;
console.log(`${out}: index.html docs.css docs.js (swagger-ui-dist ${version})`);
