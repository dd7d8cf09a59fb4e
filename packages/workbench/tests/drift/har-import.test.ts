// `npm run fixtures:import`'s core: a HAR of the app talking to a real server becomes the
// `recorded` scenario, keeping only answers that keep the contract, with no credential
// left anywhere; a malformed HAR is refused with its place; the fixtures replay what was kept.
import { setupServer } from "msw/node";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { beforeAll, describe, expect, it } from "vitest";
import { createFixtures, createFixturesSession, formatViolation } from "@contract-workbench/workbench/fixtures";
import { HarError, importHar, MAX_HAR_BYTES } from "@contract-workbench/workbench/drift";
import { loadContract } from "./drift-contract.ts";
import { SECRETS } from "./drift-server.ts";

let manifest: Manifest;
let contract: ContractSchemas;
beforeAll(async () => {
  ({ manifest, contract } = await loadContract());
});

const headers = (pairs: Record<string, string>) => Object.entries(pairs).map(([name, value]) => ({ name, value }));
const API = "https://api.example.test/api";

function entry(
  method: string,
  url: string,
  status: number,
  body: unknown,
  extra: { requestBody?: unknown; responseHeaders?: Record<string, string> } = {},
) {
  return {
    request: {
      method,
      url,
      headers: headers({
        Authorization: SECRETS.authorization,
        Cookie: SECRETS.cookie,
        "X-Api-Key": SECRETS.refreshToken,
      }),
      ...(extra.requestBody === undefined
        ? {}
        : { postData: { mimeType: "application/json", text: JSON.stringify(extra.requestBody) } }),
    },
    response: {
      status,
      headers: headers({ "Content-Type": "application/json", "Set-Cookie": SECRETS.cookie, ...extra.responseHeaders }),
      content: { mimeType: "application/json", text: JSON.stringify(body) },
    },
  };
}

/** A session as devtools would export it: lists, an item, a sign-in, a drifting answer, a font. */
const HAR = JSON.stringify(
  {
    log: {
      version: "1.2",
      entries: [
        entry(
          "GET",
          `${API}/pets?species=cat&api_key=${SECRETS.refreshToken}`,
          200,
          { items: [{ id: "p-1", name: "Rex", age: 3 }] },
          {
            responseHeaders: { "X-Total-Count": "1" },
          },
        ),
        entry("GET", `${API}/pets/p-1`, 200, { id: "p-1", name: "Rex", age: "3" }),
        entry("GET", `${API}/pets/p-2`, 200, { id: "p-2", name: "Tom", age: 5 }),
        entry(
          "POST",
          `${API}/session`,
          200,
          { idToken: SECRETS.idToken, refreshToken: SECRETS.refreshToken, expiresIn: 3600 },
          { requestBody: { email: "a@example.test", password: SECRETS.password } },
        ),
        entry("GET", "https://fonts.example.test/inter.woff2", 200, "font"),
      ],
    },
  },
  null,
  2,
);

describe("importing a HAR", () => {
  it("keeps the answers that keep the contract, says why the others were not kept, ignores the rest", async () => {
    const { recording, rejected, ignored } = await importHar("session.har", HAR, { manifest, contract });
    expect(Object.keys(recording).sort()).toEqual(["getPet", "listPets", "signIn"]);
    expect(recording.getPet).toEqual({
      status: 200,
      mediaType: "application/json",
      body: { id: "p-2", name: "Tom", age: 5 },
    });
    expect(rejected).toEqual([
      'log.entries[1] GET /api/pets/p-1: GET /pets/{petId} (getPet) → 200 response body at /age: expected type integer, got "3"',
    ]);
    expect(ignored).toBe(1);
  });

  it("leaves no credential in what it would write: not in headers, the query, tokens or passwords", async () => {
    const { recording } = await importHar("session.har", HAR, { manifest, contract });
    const written = JSON.stringify(recording);
    expect(recording.signIn?.body).toEqual({ idToken: "[hidden]", refreshToken: "[hidden]", expiresIn: 3600 });
    for (const secret of Object.values(SECRETS)) expect(written).not.toContain(secret.split(" ").at(-1));
  });

  it("refuses a HAR that is not JSON, naming the line and column", async () => {
    const text = '{\n  "log": {\n    "entries": [}\n}';
    await expect(importHar("broken.har", text, { manifest, contract })).rejects.toThrow(
      "broken.har:3:17: not JSON (Unexpected token '}').",
    );
  });

  it("refuses a HAR of the wrong shape, naming the place", async () => {
    const text = JSON.stringify({ log: { entries: [{ request: { method: "GET", url: "/relative" }, response: {} }] } });
    const error = await importHar("odd.har", text, { manifest, contract }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HarError);
    expect((error as Error).message).toBe("odd.har: log.entries[0].request.url: expected an absolute URL.");
    await expect(importHar("none.har", "[]", { manifest, contract })).rejects.toThrow(
      "none.har: log: expected an object (is this a HAR file?).",
    );
  });

  it("reads a base64 answer as its text, and lists one that says base64 and is not", async () => {
    const encoded = (text: string) => {
      const pet = entry("GET", `${API}/pets/p-3`, 200, null);
      return {
        ...pet,
        response: { ...pet.response, content: { mimeType: "application/json", encoding: "base64", text } },
      };
    };
    const body = JSON.stringify({ id: "p-3", name: "Zoë", age: 2 });
    const bytes = new TextEncoder().encode(body);
    const base64 = btoa(String.fromCharCode(...bytes));
    const har = (text: string) => JSON.stringify({ log: { version: "1.2", entries: [encoded(text)] } });
    const kept = await importHar("session.har", har(base64), { manifest, contract });
    expect(kept.recording.getPet?.body).toEqual({ id: "p-3", name: "Zoë", age: 2 });
    const refused = await importHar("session.har", har("not base64 at all!"), { manifest, contract });
    expect(refused.recording).toEqual({});
    expect(refused.rejected).toEqual(["log.entries[0] GET /api/pets/p-3: its answer says base64 and is not."]);
  });

  it("refuses a HAR over the size limit before reading it as JSON", async () => {
    await expect(importHar("big.har", " ".repeat(MAX_HAR_BYTES + 1), { manifest, contract })).rejects.toThrow(
      "big.har: larger than 50 MB.",
    );
  });
});

describe("the recorded scenario", () => {
  it("replays what was kept, checked at load like every fixture", async () => {
    const { recording } = await importHar("session.har", HAR, { manifest, contract });
    const session = createFixturesSession();
    const fixtures = createFixtures(manifest, contract, { session, recording });
    expect(session.takeViolations()).toEqual([]);
    const server = setupServer(...fixtures.handlers);
    server.listen({ onUnhandledFrame: "error" });
    try {
      session.setScenario("recorded");
      expect(await (await fetch(`${API}/pets/p-2`)).json()).toEqual({ id: "p-2", name: "Tom", age: 5 });
      session.setScenario("default");
      expect(await (await fetch(`${API}/pets/p-2`)).json()).not.toEqual({ id: "p-2", name: "Tom", age: 5 });
    } finally {
      server.close();
    }
  });

  it("reports a recorded answer that does not keep the contract", () => {
    const session = createFixturesSession();
    createFixtures(manifest, contract, {
      session,
      recording: {
        getPet: { status: 200, mediaType: "application/json", body: { id: "p-1", age: 3 } },
        gone: { status: 200, mediaType: "application/json", body: {} },
      },
    });
    expect(session.takeViolations().map(formatViolation)).toEqual([
      "getPet → 200 fixture data at /name: expected a value (required), got nothing",
      'gone fixture data: expected an operation of the contract, got "gone"',
    ]);
  });
});
