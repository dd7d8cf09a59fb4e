import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * TypeScript 7 (`npm run typecheck`'s compiler) on some files outside the project's own, with
 * the project's settings: a `tsconfig.json` in `folder` that extends the root's and includes
 * the files (and the app's ambient `src/env.d.ts`). What a user writes against a contract
 * generated into a scratch folder is checked so, by the tests and the benchmarks alike.
 * `diagnostics` are its error lines; `output` all it printed (`--extendedDiagnostics` figures).
 *
 * @example
 * const { diagnostics } = typecheckFiles(REPO, scratch, ["github/screen.ts"]);
 */
export function typecheckFiles(
  root: string,
  folder: string,
  files: readonly string[],
  extra: readonly string[] = [],
): { diagnostics: string[]; output: string; seconds: number; status: number | null } {
  writeFileSync(
    join(folder, "tsconfig.json"),
    JSON.stringify({ extends: join(root, "tsconfig.json"), include: [...files, join(root, "src/env.d.ts")] }),
  );
  const started = performance.now();
  const tsc = spawnSync(
    process.execPath,
    [join(root, "node_modules/typescript7/bin/tsc"), "--noEmit", "--pretty", "false", ...extra, "-p", folder],
    { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  const output = `${tsc.stdout}${tsc.stderr}`;
  return {
    diagnostics: output.split("\n").filter((line) => / error TS\d+:/.test(line)),
    output,
    seconds: (performance.now() - started) / 1000,
    status: tsc.status,
  };
}
