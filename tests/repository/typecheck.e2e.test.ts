// `npm run typecheck` uses TypeScript 7's native compiler; openapi-typescript (and
// typescript-eslint) still need 5.9's JavaScript API, so both are installed
// (docs/decisions/0005-toolchain.md). This proves the switch lost nothing: the two
// compilers, given the project's own tsconfig, report the same errors at the same places.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, run } from "../harness/scratch-copy.ts";

const COMPILERS = {
  "TypeScript 7 (npm run typecheck)": join(REPO, "node_modules", "typescript7", "bin", "tsc"),
  "TypeScript 5.9": join(REPO, "node_modules", "typescript", "bin", "tsc"),
};

// One mistake for each strictness option beyond `strict` that the project relies on.
const MISTAKES = `
const list: number[] = [];
export const first: number = list[0]; // noUncheckedIndexedAccess: number | undefined
export function unused(a: number): number {
  const never = 1; // noUnusedLocals
  return a;
}
import { Button } from "@/components/button.tsx"; // verbatimModuleSyntax is fine with a value import…
export type { Button };
import { ButtonProps } from "@/components/button.tsx"; // …but a type imported as a value is refused
export type Props = ButtonProps;
export const wrong: string = 42; // plain strict typing
`;

mkdirSync(join(REPO, ".cache"), { recursive: true });
const dir = mkdtempSync(join(REPO, ".cache", "typecheck-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function diagnostics(compiler: string): string[] {
  const result = run(REPO, process.execPath, [compiler, "--noEmit", "--pretty", "false", "-p", dir]);
  expect(result.status, result.stderr).not.toBe(0);
  return result.stdout
    .split("\n")
    .filter((line) => / error TS\d+:/.test(line))
    .map((line) => /^(.*?\(\d+,\d+\): error TS\d+)/.exec(line.replace(`${relative(REPO, dir)}/`, ""))?.[1] ?? line)
    .sort();
}

describe("type-checking with TypeScript 7", () => {
  it("finds the same errors as TypeScript 5.9, at the same places, under the project's settings", () => {
    writeFileSync(join(dir, "mistakes.ts"), MISTAKES);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ extends: join(REPO, "tsconfig.json"), include: ["mistakes.ts", join(REPO, "src", "env.d.ts")] }),
    );
    const [native, classic] = Object.values(COMPILERS).map(diagnostics);
    expect(classic).toEqual([
      "mistakes.ts(10,10): error TS1484",
      "mistakes.ts(12,14): error TS2322",
      "mistakes.ts(3,14): error TS2322",
      "mistakes.ts(5,9): error TS6133",
    ]);
    expect(native).toEqual(classic);
  });
});
