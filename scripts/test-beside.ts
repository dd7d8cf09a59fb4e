/**
 * `npm test`'s middle: the tests, and beside them the static checks, at the lowest priority.
 *
 *   node scripts/test-beside.ts --checks format:check,typecheck,lint -- vitest run
 *
 * The command after `--` runs as it would alone (its output live, at the usual priority). The
 * checks (npm scripts of the package in the current folder) run one after another beside it,
 * at the lowest priority, so that they take the processor only when the tests leave it idle
 * (docs/decisions/0026-checks-beside-the-tests.md); their output is kept and printed once they
 * have all passed. The first check that fails is printed as soon as it ends and stops the tests
 * (the cheapest checks come first, so a formatting slip is reported within seconds; ESLint,
 * last and given little of the processor while the tests start, can take minutes).
 *
 * Exit code: the failed check's, else the command's; 130 on Ctrl-C, 143 on SIGTERM.
 */
import { spawn, type ChildProcess } from "node:child_process";
import module from "node:module";
import { constants, setPriority } from "node:os";

const USAGE = "usage: node scripts/test-beside.ts --checks <npm script>[,<npm script>…] -- <command> [arguments…]";
/** How long the tests get to stop on their own (Vitest closes its browsers) before they are killed. */
const STOP_GRACE_MS = 15_000;

export interface Arguments {
  checks: string[];
  command: string[];
}

/** Reads the command line; a wrong one is an Error whose message says what is wrong. */
export function parseArguments(argv: string[]): Arguments {
  const separator = argv.indexOf("--");
  const options = separator === -1 ? argv : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  if (options.length !== 2 || options[0] !== "--checks" || !options[1])
    throw new Error(`test-beside: expected --checks and a list of npm scripts.\n${USAGE}`);
  if (command.length === 0) throw new Error(`test-beside: no command after --.\n${USAGE}`);
  const checks = options[1].split(",").filter(Boolean);
  if (checks.length === 0) throw new Error(`test-beside: --checks names no npm script.\n${USAGE}`);
  return { checks, command };
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a check with its output kept, in the order it was written. */
function runCheck(name: string, children: Set<ChildProcess>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", "--silent", name], {
      stdio: ["ignore", "pipe", "pipe"],
      shell: process.platform === "win32",
    });
    children.add(child);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) => (output += `${error.message}\n`));
    child.on("close", (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

async function main(argv: string[]): Promise<number> {
  let args: Arguments;
  try {
    args = parseArguments(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const [command, ...commandArgs] = args.command as [string, ...string[]];
  // V8's code cache, as `npm run api` enables it, in the environment every process below inherits:
  // Vitest and its workers, npm, and the commands the tests start load their modules compiled.
  const cache = module.enableCompileCache?.();
  if (cache?.directory !== undefined) process.env.NODE_COMPILE_CACHE ??= cache.directory;
  const tests = spawn(command, commandArgs, { stdio: "inherit", shell: process.platform === "win32" });
  const testsDone = new Promise<number>((resolve) => {
    tests.on("error", (error) => {
      process.stderr.write(`test-beside: cannot start ${command}: ${error.message}\n`);
      resolve(127);
    });
    tests.on("exit", (code, signal) => resolve(code ?? (signal === "SIGINT" ? 130 : 1)));
  });

  // Ctrl-C reaches every process of the terminal's group: the tests and the checks stop on their
  // own; this process waits for them. SIGTERM (a CI run cancelled) is passed on.
  const checkChildren = new Set<ChildProcess>();
  let interrupted: number | undefined;
  process.on("SIGINT", () => (interrupted = 130));
  process.on("SIGTERM", () => {
    interrupted = 143;
    tests.kill("SIGTERM");
    for (const child of checkChildren) child.kill("SIGTERM");
  });

  // From here on this process and every check it starts run at the lowest priority; the tests,
  // started above, keep theirs.
  setPriority(constants.priority.PRIORITY_LOW);

  let testsExit: number | undefined;
  void testsDone.then((code) => (testsExit = code));
  const started = Date.now();
  const passed: Array<{ name: string; output: string; took: string }> = [];
  for (const name of args.checks) {
    const checkStarted = Date.now();
    const { code, output } = await runCheck(name, checkChildren);
    if (interrupted !== undefined) break;
    if (code !== 0) {
      const stopping = testsExit === undefined ? "; stopping the tests" : "";
      process.stderr.write(`\nnpm test: \`npm run ${name}\` failed (exit ${code})${stopping}.\n${output}`);
      if (testsExit === undefined) {
        tests.kill("SIGINT");
        const killer = setTimeout(() => tests.kill("SIGKILL"), STOP_GRACE_MS);
        await testsDone;
        clearTimeout(killer);
      }
      return code;
    }
    passed.push({ name, output, took: seconds(checkStarted) });
  }
  const testsCode = await testsDone;
  if (interrupted !== undefined) return interrupted;
  for (const { name, output, took } of passed) process.stdout.write(`\n> npm run ${name} (${took})\n${output}`);
  process.stdout.write(
    `\n${args.checks.join(", ")} passed beside the tests, at the lowest priority (${seconds(started)}).\n`,
  );
  return testsCode;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
