// The Firebase Auth emulator (firebase-tools), started for the agreement tests and for
// `npm run dev:emulator`: offline, no Java, nothing downloaded for auth.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { stripVTControlCharacters } from "node:util";

/** The demo project (`demo-` projects need no login); the same as src/lib/firebase/config.ts's. */
export const EMULATOR_PROJECT = "demo-test";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || address === null) throw new Error("[auth-emulator] no free port");
  return address.port;
}

export interface RunningEmulator {
  /** `127.0.0.1:port`, as `connectAuthEmulator` and VITE_FIREBASE_AUTH_EMULATOR_HOST take it. */
  host: string;
  child: ChildProcess;
  output: () => string;
  /** Kills the emulator's whole process group and removes its scratch folder. */
  stop: () => Promise<void>;
}

/**
 * Spawns the emulator on free ports (auth, and the hub and logging ports it also opens,
 * so that two runs never collide) and returns at once; `waitForAuthEmulator` waits for
 * it to answer. Its update check and prompts are off (`CI`, `NO_UPDATE_NOTIFIER`);
 * usage reporting is opt-in in firebase-tools, so nothing is sent.
 *
 * @example
 * const emulator = await spawnAuthEmulator();
 * await waitForAuthEmulator(emulator);
 */
export async function spawnAuthEmulator(root: string, port?: number): Promise<RunningEmulator> {
  const [auth, hub, logging] = [port ?? (await freePort()), await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), "auth-emulator-"));
  writeFileSync(
    join(dir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { port: auth, host: "127.0.0.1" },
        hub: { port: hub, host: "127.0.0.1" },
        logging: { port: logging, host: "127.0.0.1" },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    join(root, "node_modules/.bin/firebase"),
    ["emulators:start", "--only", "auth", "--project", EMULATOR_PROJECT, "--config", join(dir, "firebase.json")],
    {
      // Its debug log lands in the scratch folder, not in the repository.
      cwd: dir,
      detached: true,
      env: { ...process.env, CI: "true", NO_UPDATE_NOTIFIER: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const append = (chunk: Buffer) => (output += stripVTControlCharacters(chunk.toString()));
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    host: `127.0.0.1:${auth}`,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // Already gone.
        }
        // Unreferenced: a pending grace timer would hold the run's process open for its full 10 s.
        const killed = await Promise.race([exited.then(() => true), sleep(10_000, false, { ref: false })]);
        if (!killed) process.kill(-child.pid, "SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How long the emulator may take to answer on a loaded machine before the run gives up, naming why. */
const START_LIMIT_MS = 180_000;

/**
 * Resolves once the emulator at `host` answers, with e-mail enumeration protection on
 * (so that its error codes are production's). Rejects with its output if it exits or
 * never answers.
 *
 * @example
 * await waitForAuthEmulator("127.0.0.1:9099");
 */
export async function waitForAuthEmulator(host: string, output: () => string = () => ""): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    const ready = await fetch(`http://${host}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || /Error:|exited/i.test(output()))
      throw new Error(`[auth-emulator] The Auth emulator at ${host} did not start:\n${output()}`);
    await sleep(200);
  }
  const response = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT}/config`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!response.ok) throw new Error(`[auth-emulator] Could not configure the emulator: ${response.status}`);
}

/**
 * Deletes every account of the emulator's project.
 *
 * @example
 * await clearAuthEmulator("127.0.0.1:9099");
 */
export async function clearAuthEmulator(host: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT}/accounts`, {
    method: "DELETE",
  });
  if (!response.ok) throw new Error(`[auth-emulator] Could not clear the accounts: ${response.status}`);
}

/**
 * Creates an account through the emulator's admin API (`Bearer owner`), disabled or not.
 *
 * @example
 * await seedAuthEmulator("127.0.0.1:9099", { email: "ada@example.com", password: "Analytical1" });
 */
export async function seedAuthEmulator(
  host: string,
  user: { email: string; password: string; disabled?: boolean },
): Promise<void> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({ email: user.email, password: user.password, disabled: user.disabled ?? false }),
    },
  );
  if (!response.ok) throw new Error(`[auth-emulator] Could not create ${user.email}: ${await response.text()}`);
}
