// A real HTTP server on loopback that answers tests/contracts/drift/openapi.yaml under /api,
// and departs from it on purpose in the ways named by `drifts`, one kind at a time or several:
// what the drift check and the probe must each catch. With no drift it keeps the contract.
// It counts requests. The hostile servers are hostile-server.ts's.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const DRIFT_KINDS = [
  "undeclared status",
  "missing required property",
  "wrong type",
  "undeclared media type",
  "missing declared header",
  "secret in a wrong value",
] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

/** The sign-in answer's credentials: none may appear in any report or recorded file. */
export const SECRETS = {
  idToken: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJkcmlmdC10ZXN0In0.c2lnbmF0dXJlLW9mLXRoZS10ZXN0",
  refreshToken: "AMf-vBrefresh-token-of-the-drift-test-0123456789",
  password: "correct horse battery staple",
  authorization: "Bearer drift-test-authorization-value",
  cookie: "sid=drift-test-cookie-value",
} as const;

export interface DriftServer {
  url: string;
  /** Requests received, by method and path (query included). */
  hits: string[];
  /** The Authorization headers received, in order. */
  authorizations: string[];
  close(): Promise<void>;
}

const PETS = [
  { id: "p-1", name: "Rex", age: 3 },
  { id: "p-2", name: "Tom", age: 5 },
];

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "Content-Type": type, ...headers });
  response.end(body);
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text;
}

/** Starts the server on 127.0.0.1 (a free port). `drifts` are the planted disagreements. */
export async function startDriftServer(options: { drifts?: readonly DriftKind[] } = {}): Promise<DriftServer> {
  const drifts = new Set(options.drifts ?? []);
  const hits: string[] = [];
  const authorizations: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      // Cross-origin from the dev server's page: the browser must be let in and shown the header.
      response.setHeader("Access-Control-Allow-Origin", "*");
      response.setHeader("Access-Control-Allow-Headers", "*");
      response.setHeader("Access-Control-Expose-Headers", "X-Total-Count");
      if (request.method === "OPTIONS") return send(response, 204, "text/plain", "");
      hits.push(`${request.method} ${url.pathname}${url.search}`);
      if (request.headers.authorization !== undefined) authorizations.push(request.headers.authorization);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        send(
          response,
          status,
          status >= 400 ? "application/problem+json" : "application/json",
          JSON.stringify(body),
          headers,
        );
      if (request.method === "GET" && url.pathname === "/api/pets") {
        const headers: Record<string, string> = drifts.has("missing declared header")
          ? {}
          : { "X-Total-Count": String(PETS.length) };
        if (drifts.has("undeclared media type"))
          return send(response, 200, "text/html", "<!doctype html><p>Sign in</p>", headers);
        return json(200, { items: PETS }, headers);
      }
      const item = /^\/api\/pets\/([^/]+)$/.exec(url.pathname);
      if (request.method === "GET" && item) {
        const pet = PETS.find((candidate) => candidate.id === decodeURIComponent(item[1] ?? ""));
        if (!pet) return json(404, { title: "No such pet", status: 404 });
        if (drifts.has("undeclared status")) return json(418, { title: "I am a teapot", status: 418 });
        const answer: Record<string, unknown> = { ...pet };
        if (drifts.has("missing required property")) delete answer.name;
        if (drifts.has("wrong type")) answer.age = String(pet.age);
        return json(200, answer);
      }
      if (request.method === "POST" && url.pathname === "/api/pets") {
        const body = JSON.parse((await bodyOf(request)) || "{}") as Record<string, unknown>;
        return json(201, {
          id: "p-9",
          name: typeof body.name === "string" && body.name !== "" ? body.name : "?",
          age: Number(body.age ?? 0),
        });
      }
      if (request.method === "POST" && url.pathname === "/api/session") {
        await bodyOf(request);
        const idToken = drifts.has("secret in a wrong value") ? [SECRETS.idToken] : SECRETS.idToken;
        return json(
          200,
          { idToken, refreshToken: SECRETS.refreshToken, expiresIn: 3600 },
          {
            "Set-Cookie": `${SECRETS.cookie}; HttpOnly`,
          },
        );
      }
      return json(404, { title: "Not found", status: 404 });
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    hits,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
