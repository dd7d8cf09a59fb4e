import { execFile, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** What the compiler said: its error lines, all it printed (`--extendedDiagnostics` figures), its time and exit code. */
export interface Typechecked {
  diagnostics: string[];
  output: string;
  seconds: number;
  status: number | null;
}

/** Writes the `tsconfig.json` and returns the compiler's command line. */
function prepare(root: string, folder: string, files: readonly string[], extra: readonly string[]): string[] {
  writeFileSync(
    join(folder, "tsconfig.json"),
    JSON.stringify({ extends: join(root, "tsconfig.json"), include: [...files, join(root, "src/env.d.ts")] }),
  );
  return [join(root, "node_modules/typescript7/bin/tsc"), "--noEmit", "--pretty", "false", ...extra, "-p", folder];
}

function answer(output: string, started: number, status: number | null): Typechecked {
  return {
    diagnostics: output.split("\n").filter((line) => / error TS\d+:/.test(line)),
    output,
    seconds: (performance.now() - started) / 1000,
    status,
  };
}

const BUFFER = 256 * 1024 * 1024;

/**
 * TypeScript 7 (`npm run typecheck`'s compiler) on some files outside the project's own, with
 * the project's settings: a `tsconfig.json` in `folder` that extends the root's and includes
 * the files (relative to `folder`, and the app's ambient `src/env.d.ts`). What a user writes
 * against a contract generated into a scratch folder is checked so, by the tests and the
 * benchmarks alike.
 *
 * @example
 * const { diagnostics } = typecheckFiles(REPO, scratch, ["github/screen.ts"]);
 */
export function typecheckFiles(
  root: string,
  folder: string,
  files: readonly string[],
  extra: readonly string[] = [],
): Typechecked {
  const args = prepare(root, folder, files, extra);
  const started = performance.now();
  const tsc = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: BUFFER });
  return answer(`${tsc.stdout}${tsc.stderr}`, started, tsc.status);
}

/**
 * As {@link typecheckFiles}, without blocking the caller's thread: a benchmark goes on with its
 * other work meanwhile.
 *
 * @example
 * const { diagnostics } = await typecheckFilesAsync(REPO, batch, ["c1/user.ts", "c2/user.ts"]);
 */
export function typecheckFilesAsync(
  root: string,
  folder: string,
  files: readonly string[],
  extra: readonly string[] = [],
): Promise<Typechecked> {
  const args = prepare(root, folder, files, extra);
  const started = performance.now();
  return new Promise((settle) => {
    execFile(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: BUFFER }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
      settle(answer(`${stdout}${stderr}`, started, code));
    });
  });
}
