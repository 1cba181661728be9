// Type-check (tsc --strict --noEmit) and compile the client check.
//
// src/*.ts always; src/optional/<name>.ts only when the generated src/schema.d.ts has the
// operation that module calls (its first line: `// requires: POST /v1/...`). So the same
// sources build before and after an endpoint lands in openapi.yaml, and once it has landed
// its calls are type-checked against the generated types.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");
const schema = readFileSync("src/schema.d.ts", "utf8");

const optional = [];
for (const file of readdirSync("src/optional").filter((f) => f.endsWith(".ts")).sort()) {
  const first = readFileSync(`src/optional/${file}`, "utf8").split("\n", 1)[0];
  const match = /^\/\/ requires: (\w+) (\S+)$/.exec(first);
  if (!match) throw new Error(`src/optional/${file}: first line must be "// requires: POST /path"`);
  const [, method, path] = match;
  const present = schema.includes(`    "${path}": {`) && hasMethod(schema, path, method);
  console.log(`${present ? "build" : "skip "} src/optional/${file} (${method} ${path}${present ? "" : " not in openapi.yaml"})`);
  if (present) optional.push(`src/optional/${file}`);
}

function hasMethod(text, path, method) {
  const start = text.indexOf(`    "${path}": {`);
  const end = text.indexOf("\n    };", start);
  return new RegExp(`\\n        ${method.toLowerCase()}: operations\\[`).test(text.slice(start, end));
}

writeFileSync(
  "tsconfig.build.json",
  JSON.stringify({ extends: "./tsconfig.json", include: ["src/*.ts", ...optional] }, null, 2),
);
rmSync("dist", { recursive: true, force: true });
const run = (args) => execFileSync(process.execPath, [tsc, ...args], { stdio: "inherit" });
run(["--strict", "--noEmit", "-p", "tsconfig.build.json"]);
run(["-p", "tsconfig.build.json"]);
console.log("tsc --strict: no errors");
