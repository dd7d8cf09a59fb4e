// `npm run contract:probe` as a developer runs it: a table and a non-zero exit on drift,
// JSON with --json, the credential from the environment sent but never printed, one line,
// exit 2, when the server is not there or the command is wrong; against a server that never
// answers, the report so far at --max-time (exit 2) or at Ctrl-C (exit 130).
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, WORKBENCH_BIN } from "../../../../tests/harness/scratch-copy.ts";
import { SECRETS, startDriftServer, type DriftServer } from "./drift-server.ts";
import { startHostileServer } from "./hostile-server.ts";

/**
 * Runs the probe's command; asynchronously, since the servers it calls live in this process.
 * `interruptWhen` is polled: once true, the command gets a SIGINT, as from Ctrl-C.
 */
function probe(args: string[], env: Record<string, string> = {}, interruptWhen?: () => boolean) {
  const child = spawn(process.execPath, [WORKBENCH_BIN, "probe", ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  const polling = setInterval(() => {
    if (interruptWhen?.()) {
      clearInterval(polling);
      child.kill("SIGINT");
    }
  }, 50);
  child.on("close", () => clearInterval(polling));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr })),
  );
}

const CONTRACT = ["--contract", "tests/contracts/drift/openapi.yaml"];

describe("npm run contract:probe", () => {
  let drifting: DriftServer;
  let clean: DriftServer;
  beforeAll(async () => {
    drifting = await startDriftServer({ drifts: ["wrong type", "missing declared header"] });
    clean = await startDriftServer();
  });
  afterAll(async () => {
    await drifting.close();
    await clean.close();
  });

  it("prints a table of the drift and exits 1, sending the credential it was given without printing it", async () => {
    const { status, stdout, stderr } = await probe([drifting.url, ...CONTRACT], {
      CONTRACT_PROBE_AUTHORIZATION: SECRETS.authorization,
    });
    expect(status, stderr).toBe(1);
    expect(stdout).toMatch(/^operation +status +place +pointer +expected +actual +count$/m);
    expect(stdout).toMatch(/^GET \/pets\/\{petId\} +200 +response body +\/age +type integer +"3" +1$/m);
    expect(stdout).toMatch(/^GET \/pets +200 +response header +X-Total-Count /m);
    expect(stdout).toMatch(/2 requests to http:\/\/127\.0\.0\.1:\d+ in [\d.]+ s; 2 drifts; 2 operations not called\./);
    expect(drifting.authorizations).toEqual([SECRETS.authorization, SECRETS.authorization]);
    expect(stdout + stderr).not.toContain(SECRETS.authorization.split(" ")[1]);
  });

  it("exits 0 with no table against a server that keeps the contract; --json gives the same as data", async () => {
    const text = await probe([clean.url, ...CONTRACT]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).not.toMatch(/^operation +status/m);
    const json = await probe([clean.url, ...CONTRACT, "--json"]);
    expect(json.status).toBe(0);
    const result = JSON.parse(json.stdout) as { requests: number; drift: unknown[]; calls: Array<{ status: number }> };
    expect(result).toMatchObject({ requests: 2, drift: [] });
    expect(result.calls.map((call) => call.status)).toEqual([200, 200]);
  });

  it("says in one line that nothing answers, exit 2", async () => {
    const gone = await startDriftServer();
    await gone.close();
    const { status, stderr } = await probe([gone.url, ...CONTRACT]);
    expect(status).toBe(2);
    expect(stderr.trim()).toMatch(
      /^contract:probe: stopped: http:\/\/127\.0\.0\.1:\d+: cannot connect \(ECONNREFUSED\)$/m,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses a wrong command in one line, exit 2", async () => {
    expect(await probe(["ftp://127.0.0.1/", ...CONTRACT])).toMatchObject({
      status: 2,
      stderr: "contract:probe: ftp://127.0.0.1/ is not an http(s) URL.\n",
    });
    expect(await probe([clean.url, "--budget", "none"])).toMatchObject({
      status: 2,
      stderr: 'contract:probe: --budget takes a positive whole number, not "none".\n',
    });
    const unknown = await probe([clean.url, "--wait", "1s"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(
      /^contract:probe: unknown option --wait\.\nusage: npm run contract:probe -- <base URL> .*\[--timeout 10s\] \[--max-time 2m\]/,
    );
    expect(await probe([clean.url, "--max-time", "soon"])).toMatchObject({
      status: 2,
      stderr: 'contract:probe: --max-time takes a duration (500, 500ms, 3s, 2m), not "soon".\n',
    });
  });
});

describe("npm run contract:probe against a server that never answers", () => {
  const HOSTILE = ["--contract", "tests/contracts/hostile-server/openapi.yaml"];

  it("stops at --max-time with the report so far, exit 2", async () => {
    const server = await startHostileServer("never answers");
    try {
      const { status, stdout, stderr } = await probe([server.url, ...HOSTILE, "--timeout", "30s", "--max-time", "1s"]);
      expect(stderr).toBe(
        "contract:probe: stopped: the run's deadline of 1 s passed\n" +
          "contract:probe: GET /pets: stopped: the run's deadline of 1 s passed\n",
      );
      // The run's own clock, as it reports it: a second, give or take a busy machine.
      expect(stdout).toMatch(
        /^contract:probe: 2 requests to http:\/\/127\.0\.0\.1:\d+ in 1\.\d s; 0 drifts; 1 operation not called; 1 without a complete answer\.$/m,
      );
      expect(status).toBe(2);
    } finally {
      await server.close();
    }
  });

  it("prints the report so far on Ctrl-C, exit 130", async () => {
    const server = await startHostileServer("never answers");
    try {
      // Interrupted once the list that answers has answered and the other hangs.
      const { status, stdout, stderr } = await probe(
        [server.url, ...HOSTILE, "--timeout", "30s"],
        {},
        () => server.hits.length === 2 && server.closed === 1,
      );
      expect(stderr).toBe(
        "contract:probe: stopped: interrupted (Ctrl-C)\ncontract:probe: GET /pets: stopped: interrupted (Ctrl-C)\n",
      );
      expect(stdout).toMatch(
        /^contract:probe: 2 requests to http:\/\/127\.0\.0\.1:\d+ in [\d.]+ s; 0 drifts; 1 operation not called; 1 without a complete answer\.$/m,
      );
      expect(status).toBe(130);
    } finally {
      await server.close();
    }
  });
});
