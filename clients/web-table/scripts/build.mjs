// Type-check the page (tsc --strict, against the types generated from openapi.yaml) and
// bundle it with esbuild into dist/: index.html, table.css and table.js, nothing else.
// The page fetches nothing from outside: no fonts, images or scripts but these files.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

import { build } from "esbuild";

const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");

execFileSync(process.execPath, [tsc, "--strict", "-p", "tsconfig.json"], { stdio: "inherit" });
console.log("tsc --strict: no errors");

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist");
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  outfile: "dist/table.js",
  sourcemap: false,
  minify: false,
  legalComments: "none",
});
for (const file of ["index.html", "table.css"]) copyFileSync(`static/${file}`, `dist/${file}`);
console.log("dist/: index.html table.css table.js");
