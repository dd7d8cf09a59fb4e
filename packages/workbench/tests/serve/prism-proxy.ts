// Prism, in its validating proxy mode, in front of `npm run mock`: each operation's sample request
// goes through Prism, which forwards it and reports in `sl-violations` where the answer breaks the
// contract. What Prism says about its own routing is kept apart from what it says about an answer.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createFixtures } from "@contract-workbench/workbench/fixtures";
import { readContract, readManifest } from "@contract-workbench/workbench/codegen";
import { freePort } from "../../../../tests/harness/dev-server.ts";
import { REPO } from "../../../../tests/harness/scratch-copy.ts";

/** Resolves once the URL answers at all; rejects when the process exits first or after `limitMs`. */
export async function untilAnswering(child: ChildProcess, url: string, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const answered = await fetch(url).then(
      async (response) => (await response.arrayBuffer(), true),
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `prism proxy` for the scratch copy's contract file, in front of `upstream`, on a free loopback port. */
export async function startPrismProxy(dir: string, contractFile: string, upstream: string, limitMs = 60_000) {
  const port = await freePort();
  const prism = spawn(
    join(REPO, "node_modules/.bin/prism"),
    ["proxy", "-h", "127.0.0.1", "-p", String(port), join(dir, contractFile), upstream],
    { cwd: dir, stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(prism, url, limitMs).catch((error: unknown) => {
    prism.kill();
    throw error;
  });
  return { prism, url };
}

/** What Prism said about each operation's default answer, by kind. */
export interface ProxyFindings {
  /** The answer broke the contract in Prism's eyes, or the server failed (5xx). */
  findings: string[];
  /** Prism routed the request to no operation of the document, so validated nothing. */
  unrouted: string[];
  /** operationId → status of each answer. */
  statuses: Map<string, number>;
}

/**
 * Sends each operation's sample request (the fixtures' own, as the stories use it) through
 * Prism's proxy, with the given credentials, redirects not followed; `concurrency` requests
 * at a time (findings sorted, so that the order they finish in does not show).
 */
export async function throughPrism(
  dir: string,
  prismUrl: string,
  operations: ReturnType<typeof readManifest>["operations"],
  headers: Record<string, string>,
  concurrency = 1,
): Promise<ProxyFindings> {
  const fixtures = createFixtures(readManifest(dir), readContract(dir));
  const result: ProxyFindings = { findings: [], unrouted: [], statuses: new Map() };
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  async function send(op: (typeof operations)[number]): Promise<void> {
    const sample = fixtures.sampleRequest(op.operationId);
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(text(sample.params.path?.[name] ?? 1)),
    );
    const target = new URL(`${prismUrl}${path}`);
    for (const [name, value] of Object.entries(sample.params.query ?? {})) target.searchParams.set(name, text(value));
    const sent = new Headers(headers);
    const withBody = sample.body !== undefined && op.method !== "get";
    if (withBody) sent.set("Content-Type", sample.mediaType ?? "application/json");
    const response = await fetch(target, {
      method: op.method.toUpperCase(),
      headers: sent,
      redirect: "manual",
      ...(withBody ? { body: typeof sample.body === "string" ? sample.body : JSON.stringify(sample.body) } : {}),
    });
    await response.arrayBuffer();
    result.statuses.set(op.operationId, response.status);
    const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as Array<{
      location: string[];
      message: string;
    }>;
    if (violations.some((each) => each.message === "Selected route not found")) result.unrouted.push(op.operationId);
    for (const violation of violations.filter((each) => each.location[0] === "response"))
      result.findings.push(
        `${op.operationId} ${response.status}: ${violation.location.join(".")} ${violation.message}`,
      );
    if (response.status >= 500) result.findings.push(`${op.operationId}: ${response.status}`);
  }
  const queue = [...operations];
  const worker = async () => {
    for (let op = queue.shift(); op !== undefined; op = queue.shift()) await send(op);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  result.findings.sort();
  result.unrouted.sort();
  return result;
}
