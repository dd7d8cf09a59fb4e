import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
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
  const childEnv = { ...process.env, ...env };
  delete childEnv.NODE_ENV;
  delete childEnv.VITEST;
  const child = spawn(
    join(cwd, "node_modules/.bin/vite"),
    ["--port", String(port), "--strictPort", "--host", "127.0.0.1"],
    {
      cwd,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vite did not start:\n${output}`)), 60_000);
    const listen = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString());
      if (output.includes(`127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", listen);
    child.stderr?.on("data", listen);
    child.on("exit", (code) => reject(new Error(`vite exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child, output: () => output };
}
