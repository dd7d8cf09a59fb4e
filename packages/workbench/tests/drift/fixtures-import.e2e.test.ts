// `npm run fixtures:import` in a copy of the project whose contract is the drift tests': a HAR
// becomes mocks/recorded/recorded.json with no credential in it, the disagreements are
// listed, and a malformed HAR is refused with its place, leaving the recorded file as it was.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApiScratch, removeApiScratch, runApi, writeContract } from "../../../../tests/harness/api-scratch.ts";
import { DRIFT_CONTRACT } from "./drift-contract.ts";
import { SECRETS } from "./drift-server.ts";
import { REPO, run, WORKBENCH_BIN } from "../../../../tests/harness/scratch-copy.ts";

const RECORDED = "mocks/recorded/recorded.json";

const har = (entries: unknown[]) => JSON.stringify({ log: { version: "1.2", entries } }, null, 2);
const exchange = (url: string, status: number, body: unknown) => ({
  request: {
    method: "GET",
    url,
    headers: [
      { name: "Authorization", value: SECRETS.authorization },
      { name: "Cookie", value: SECRETS.cookie },
    ],
  },
  response: {
    status,
    headers: [
      { name: "Content-Type", value: "application/json" },
      { name: "Set-Cookie", value: SECRETS.cookie },
      { name: "X-Total-Count", value: "1" },
    ],
    content: { mimeType: "application/json", text: JSON.stringify(body) },
  },
});

describe("npm run fixtures:import", () => {
  let dir: string;
  beforeAll(() => {
    dir = makeApiScratch("fixtures-import");
    writeContract(dir, { "openapi.yaml": readFileSync(join(REPO, DRIFT_CONTRACT), "utf8") });
    const api = runApi(dir);
    expect(api.status, api.stderr).toBe(0);
  }, 120_000);
  afterAll(() => removeApiScratch(dir));

  it("writes the answers that keep the contract, without credentials, and lists the others", () => {
    writeFileSync(
      join(dir, "session.har"),
      har([
        exchange(`https://api.example.test/api/pets?species=cat&api_key=${SECRETS.refreshToken}`, 200, {
          items: [{ id: "p-1", name: "Rex", age: 3, sessionToken: SECRETS.idToken }],
        }),
        exchange("https://api.example.test/api/pets/p-1", 200, { id: "p-1", age: 3 }),
      ]),
    );
    const result = run(dir, "node", [WORKBENCH_BIN, "import", "session.har"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe(
      "fixtures:import: not kept: log.entries[1] GET /api/pets/p-1: GET /pets/{petId} (getPet) → 200 response body at /name: expected a value (required), got nothing\n",
    );
    expect(result.stdout).toBe(
      "fixtures:import: 1 recorded answer written to mocks/recorded/recorded.json (the `recorded` scenario); 1 disagreement not kept; 0 entries for no operation of the contract.\n",
    );
    const written = readFileSync(join(dir, RECORDED), "utf8");
    expect(JSON.parse(written)).toEqual({
      listPets: {
        status: 200,
        mediaType: "application/json",
        body: { items: [{ id: "p-1", name: "Rex", age: 3, sessionToken: "[hidden]" }] },
      },
    });
    for (const secret of Object.values(SECRETS)) expect(written).not.toContain(secret.split(" ").at(-1));
  });

  it("refuses a malformed HAR with its place, and leaves the recorded file as it was", () => {
    const before = readFileSync(join(dir, RECORDED), "utf8");
    writeFileSync(join(dir, "broken.har"), '{\n  "log": {\n    "entries": [\n      { "request": ]\n');
    const result = run(dir, "node", [WORKBENCH_BIN, "import", "broken.har"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("fixtures:import: broken.har:4:20: not JSON (Unexpected token ']').\n");
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(dir, RECORDED), "utf8")).toBe(before);
  });
});
