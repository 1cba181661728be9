// The little of Node's globals the check uses (saves a dependency on @types/node).
declare const process: {
  argv: string[];
  env: Record<string, string | undefined>;
  exitCode: number | undefined;
};

// The two file functions src/cases.ts uses (the shared case list in, the answers out).
declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
  export function writeFileSync(path: string, data: string): void;
}
