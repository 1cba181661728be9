// Type-check the page (tsc --strict, against the types generated from openapi.yaml) and
// bundle it with esbuild into dist/: index.html, table.css and table.js, nothing else.
// The page fetches nothing from outside: no fonts, images or scripts but these files.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

import { build } from "esbuild";

const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");

// The round engine: src/game.ts on the whole-game operations when openapi.yaml has them
// (its first line names what it needs), else the scaffolding of src/scaffold.ts.
const schema = readFileSync("src/schema.d.ts", "utf8");
const needs = /^\/\/ requires: POST (\S+)$/.exec(readFileSync("src/game.ts", "utf8").split("\n", 1)[0])?.[1];
const whole = needs !== undefined && schema.includes(`    "${needs}": {`) && schema.includes(`    "/v1/deal": {`);
const engine = whole ? "game" : "scaffold";
console.log(`round engine: src/${engine}.ts${whole ? "" : ` (${needs} not in openapi.yaml)`}`);
writeFileSync("src/engine.ts", `// Written by scripts/build.mjs: the round engine this build uses.\nexport { Round } from "./${engine}.js";\n`);
const sources = ["src/*.ts"];
writeFileSync(
  "tsconfig.build.json",
  JSON.stringify({ extends: "./tsconfig.json", include: sources, exclude: whole ? ["src/scaffold.ts"] : ["src/game.ts"] }, null, 2),
);
execFileSync(process.execPath, [tsc, "--strict", "-p", "tsconfig.build.json"], { stdio: "inherit" });
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
