// `npm run mock` on GitHub's contract (../shared/specs/), Prism's validating proxy in front of it:
// the default answer of a deterministic sample of the GET operations keeps the contract, with no
// status the operation does not declare. The sample: the first GET of each path shape, every
// SAMPLE_STRIDE-th in the contract's order, and the operations whose store used to answer a miss
// with an undeclared 404. Every GET takes minutes on two cores; the sample keeps the shapes.
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { declaredStatus } from "../../src/contract/media-and-status.ts";
import { readContract, readManifest } from "@contract-workbench/workbench/codegen";
import { removeApiScratch } from "../../../../tests/harness/api-scratch.ts";
import { startMockInScratch } from "./mock-scratch.ts";
import { startPrismProxy, throughPrism } from "./prism-proxy.ts";
import { SHARED_SPECS } from "../../../../tooling/shared-specs.ts";

const GITHUB = join(SHARED_SPECS, "github-rest.json");
const CREDENTIALS = { Authorization: "Bearer k3y-marker-5c1b" };
/** Every how-many-th GET the sample takes beside one per path shape. */
const SAMPLE_STRIDE = 8;
/** Requests in flight at once: both servers busy on two cores, no more. */
const CONCURRENCY = 4;
/** Item reads whose path parameter the store cannot hold as the resource's key (a name, a file, another schema's key). */
const STORE_MISSES = [
  "actions/get-workflow",
  "actions/get-job-for-workflow-run",
  "packages/get-package-for-organization",
  "packages/get-package-for-authenticated-user",
  "packages/get-package-for-user",
  "enterprise-team-memberships/get",
];

/** `/repos/{owner}/{repo}/issues` → `s/{}/{}/s`: how deep the path is and where its parameters are. */
function shapeOf(path: string): string {
  return path
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith("{") ? "{}" : "s"))
    .join("/");
}

/** The sample, in the contract's order. */
function sampleOf(gets: ManifestOperation[]): ManifestOperation[] {
  const shapes = new Set<string>();
  return gets.filter((op, index) => {
    const shape = shapeOf(op.path);
    const firstOfShape = !shapes.has(shape);
    shapes.add(shape);
    return firstOfShape || index % SAMPLE_STRIDE === 0 || STORE_MISSES.includes(op.operationId);
  });
}

describe.skipIf(!existsSync(GITHUB))("npm run mock on GitHub's contract, behind Prism's validating proxy", () => {
  let dir: string;
  let mock: ChildProcess | undefined;
  let url: string;

  beforeAll(async () => {
    ({ dir, mock, url } = await startMockInScratch("mock-github", { "openapi.json": readFileSync(GITHUB, "utf8") }));
  }, 180_000);
  afterAll(() => {
    // Unset when the start failed: the helper cleaned up then.
    if (mock === undefined) return;
    if (mock.exitCode === null) mock.kill("SIGKILL");
    removeApiScratch(dir);
  });

  it("answers each sampled GET with a declared status and a body Prism finds keeps the contract", async () => {
    const { prism, url: proxy } = await startPrismProxy(dir, "openapi/openapi.json", url, 120_000);
    try {
      const gets = readManifest(dir).operations.filter((op) => op.method === "get");
      const sample = sampleOf(gets);
      expect(sample.map((op) => op.operationId)).toEqual(expect.arrayContaining(STORE_MISSES));
      const { findings, unrouted, statuses } = await throughPrism(dir, proxy, sample, CREDENTIALS, CONCURRENCY);
      const responses = readContract(dir).operations;
      const undeclared = [...statuses]
        .filter(([id, status]) => declaredStatus(responses[id]?.responses ?? {}, status) === undefined)
        .map(([id, status]) => `${id} ${status}`)
        .sort();
      expect({ findings, unrouted, undeclared }).toEqual({ findings: [], unrouted: [], undeclared: [] });
      expect(STORE_MISSES.map((id) => `${id} ${statuses.get(id)}`)).toEqual(STORE_MISSES.map((id) => `${id} 200`));
      expect(statuses.size).toBe(sample.length);
    } finally {
      prism.kill();
    }
  }, 300_000);
});
