// The little of Node's globals the check uses (saves a dependency on @types/node).
declare const process: {
  argv: string[];
  env: Record<string, string | undefined>;
  exitCode: number | undefined;
};
