// The dev servers as a developer starts them: `npm run dev` (Vite) and `npm start` (Storybook).
// No Vitest import: the shared setups start them in Vitest's main process (setup-broker.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";

/** A port nothing listens on now, on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

/** The environment of a developer's shell: not Vitest's (NODE_ENV=test, VITEST set). */
function developerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.VITEST;
  return env;
}

/**
 * Starts `vite` (what `npm run dev` runs) in `cwd` and resolves with its URL once it
 * listens; `output()` is everything it has printed so far, without colour codes.
 */
export async function startDevServer(
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  // As a developer's shell would run it: not under Vitest's NODE_ENV=test.
  const childEnv = { ...developerEnv(), ...env };
  const child = spawn(
    join(cwd, "node_modules/.bin/vite"),
    ["--port", String(port), "--strictPort", "--host", "127.0.0.1"],
    {
      cwd,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output = await untilPrinted(child, "vite", (text) => text.includes(`127.0.0.1:${port}`));
  return { url: `http://127.0.0.1:${port}/`, child, output };
}

/**
 * Resolves once `child` has printed what `ready` looks for (its output read without colour
 * codes); rejects, with what it printed, when it exits first or after 60 s. The result reads
 * everything printed so far.
 */
export async function untilPrinted(
  child: ChildProcess,
  name: string,
  ready: (output: string) => boolean,
): Promise<() => string> {
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 60_000);
    const listen = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString());
      if (ready(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", listen);
    child.stderr?.on("data", listen);
    child.on("exit", (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
  });
  return () => output;
}

/**
 * Starts Storybook's dev server (what `npm start` runs) in `cwd` and resolves once its
 * story index answers; `output()` is everything it has printed so far.
 */
export async function startStorybook(cwd: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(
    join(cwd, "node_modules/.bin/storybook"),
    ["dev", "-p", String(port), "--ci", "--host", "127.0.0.1"],
    {
      cwd,
      env: { ...developerEnv(), STORYBOOK_DISABLE_TELEMETRY: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const append = (chunk: Buffer) => (output += stripVTControlCharacters(chunk.toString()));
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`storybook exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}index.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error(`storybook did not start:\n${output}`);
}
