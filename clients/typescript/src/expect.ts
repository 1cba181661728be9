// Minimal assertions that count what they checked and report every failure.

export class Expect {
  passed = 0;
  readonly failures: string[] = [];

  that(condition: boolean, what: string, got?: unknown): void {
    if (condition) {
      this.passed += 1;
    } else {
      this.failures.push(got === undefined ? what : `${what}; got ${JSON.stringify(got)}`);
    }
  }

  equal<T>(actual: T, expected: T, what: string): void {
    const same = JSON.stringify(actual) === JSON.stringify(expected);
    this.that(same, `${what}: expected ${JSON.stringify(expected)}`, actual);
  }

  /** Narrow a value that must be there (a 2xx body, a problem body). */
  present<T>(value: T | undefined, what: string): value is T {
    this.that(value !== undefined, `${what} is missing`);
    return value !== undefined;
  }
}

export function sorted(values: readonly string[]): string[] {
  return [...values].sort();
}
