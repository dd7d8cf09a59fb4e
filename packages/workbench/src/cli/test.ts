// `contract-workbench test [vitest options…]`: `check`, `vitest run`, `coverage --summary`; the first failure stops it.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = process.cwd();
const vitestOptions = process.argv.slice(2);
// The bin as this package ships it (TypeScript in the repository, JavaScript once packed).
const bin = fileURLToPath(new URL(`./main${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** The app's own Vitest, resolved from the app as `npx vitest` would: the version the team pinned. */
function appVitest(): string | undefined {
  try {
    const manifest = createRequire(join(root, "package.json")).resolve("vitest/package.json");
    return join(manifest, "..", "vitest.mjs");
  } catch {
    return undefined;
  }
}

let running: ReturnType<typeof spawn> | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C reaches the step too (one process group); a SIGTERM is passed on.
    if (signal === "SIGTERM") running?.kill("SIGTERM");
    process.exitCode = signal === "SIGINT" ? 130 : 143;
  });
}

function step(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    running = spawn(process.execPath, args, { stdio: "inherit", cwd: root });
    running.on("error", (error) => {
      console.error(`contract-workbench test: ${error.message}`);
      resolve(1);
    });
    running.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const vitest = appVitest();
  if (!vitest) {
    console.error(
      "contract-workbench test: this app has no vitest. Install it (`contract-workbench init` adds it with the test setup).",
    );
    return 1;
  }
  const steps = [
    [bin, "check"],
    [vitest, "run", ...vitestOptions],
    [bin, "coverage", "--summary"],
  ];
  for (const args of steps) {
    const code = await step(args);
    if (code !== 0 || process.exitCode) return code || Number(process.exitCode);
  }
  return 0;
}

process.exitCode = await main();
