// Type-check the page (tsc --strict, against the types generated from openapi.yaml) and
// bundle it with esbuild into dist/ (argument 1 names another directory: `make table`
// builds into ../../build/table): index.html, table.css and table.js, nothing else.
// The page fetches nothing from outside: no fonts, images or scripts but these files.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

import { build } from "esbuild";

const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");

execFileSync(process.execPath, [tsc, "--strict", "-p", "tsconfig.json"], { stdio: "inherit" });
console.log("tsc --strict: no errors");

const out = process.argv[2] ?? "dist";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  outfile: `${out}/table.js`,
  sourcemap: false,
  minify: false,
  legalComments: "none",
});
for (const file of ["index.html", "table.css"]) copyFileSync(`static/${file}`, `${out}/${file}`);
console.log(`${out}/: index.html table.css table.js`);
