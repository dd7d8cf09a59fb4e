/** One thing wrong with a contract, located as precisely as the parser allows. */
export interface Problem {
  severity: "error" | "warning";
  /** Relative to the project root. */
  file: string;
  line?: number | undefined;
  column?: number | undefined;
  /** JSON pointer inside `file`, when known. */
  pointer?: string | undefined;
  /** The linter rule that found it, when one did. */
  rule?: string | undefined;
  message: string;
  fix?: string | undefined;
}

/** Where a JSON pointer (without its `#`) is in the contract's files. */
export type Locator = (pointer: string) => Pick<Problem, "file" | "line" | "column">;

/** A warning at `pointer` (without its `#`), placed in its file by `at`. */
export function warningAt(at: Locator, pointer: string, what: Pick<Problem, "rule" | "message" | "fix">): Problem {
  return { severity: "warning", ...at(pointer), pointer: `#${pointer}`, ...what };
}

/** Refuses the contract for what is at `pointer` (without its `#`), placed in its file by `at`. */
export function refuseAt(at: Locator, pointer: string, message: string, fix: string): never {
  throw new ContractError([{ severity: "error", ...at(pointer), pointer, message, fix }]);
}

/** The contract cannot be generated from; nothing was written. Printed without a stack trace. */
export class ContractError extends Error {
  override name = "ContractError";
  readonly problems: Problem[];
  constructor(problems: Problem[], options?: { cause?: unknown }) {
    super(problems.map(formatProblem).join("\n"), options);
    this.problems = problems;
  }
}

/** One problem as one or two lines, compiler style (`file:4:7 error …`), so terminals and editors link to it. */
export function formatProblem(problem: Problem): string {
  const where = [problem.file, problem.line, problem.line === undefined ? undefined : problem.column]
    .filter((part) => part !== undefined)
    .join(":");
  const rule = problem.rule ? ` [${problem.rule}]` : "";
  const pointer = problem.pointer ? ` (at ${problem.pointer})` : "";
  const fix = problem.fix ? `\n    fix: ${problem.fix}` : "";
  return `${where} ${problem.severity} ${problem.message}${pointer}${rule}${fix}`;
}
