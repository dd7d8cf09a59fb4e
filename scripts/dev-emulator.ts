/**
 * `npm run dev:emulator`: the app (`vite`, as `npm run dev`) against the Firebase Auth
 * emulator instead of the embedded identity fixtures. Starts the emulator (offline, on
 * port 9099, or the next free one), waits for it, then runs vite with
 * VITE_FIREBASE_AUTH_EMULATOR_HOST set; Ctrl+C stops both. Extra arguments go to vite.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { spawnAuthEmulator, waitForAuthEmulator } from "../tests/harness/auth-emulator.ts";

const root = resolve(import.meta.dirname, "..");
const PREFERRED_PORT = 9099;

async function portIsFree(port: number): Promise<boolean> {
  const { createServer } = await import("node:net");
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const emulator = await spawnAuthEmulator(root, (await portIsFree(PREFERRED_PORT)) ? PREFERRED_PORT : undefined);
  console.log(`dev:emulator: starting the Auth emulator on ${emulator.host} (15–60 s)…`);
  try {
    await waitForAuthEmulator(emulator.host, emulator.output);
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  console.log(`dev:emulator: the Auth emulator answers after ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  const vite = spawn(resolve(root, "node_modules/.bin/vite"), process.argv.slice(2), {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, VITE_FIREBASE_AUTH_EMULATOR_HOST: emulator.host },
  });
  const stop = () => vite.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  const code = await new Promise<number>((done) => vite.once("exit", (exitCode) => done(exitCode ?? 0)));
  await emulator.stop();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`dev:emulator: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
