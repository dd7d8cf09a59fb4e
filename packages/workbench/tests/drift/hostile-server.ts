// A real HTTP server on loopback that answers tests/contracts/hostile-server/openapi.yaml and
// plays one hostile behaviour at a time: what a half-working staging server, a proxy's login
// page or a malicious host do to a tool that meets them. The other operations keep the
// contract, so a report names only the behaviour played. It counts what it sends (bytes written,
// connections closed), so a test can show a body was not read past its cap and a connection
// was not held open.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

export const HOSTILITIES = [
  "never answers",
  "headers then silence",
  "endless drip",
  "slow trickle under the cap",
  "endless body",
  "huge declared body",
  "gzip past the cap",
  "redirect to another origin",
  "endless cursor chain",
  "looping cursor chain",
  "endless Link chain to another origin",
  "Retry-After of an hour",
  "rate-limited once",
  "HTML where JSON is declared",
  "HTML labelled as JSON",
  "reset mid-body",
] as const;
export type Hostility = (typeof HOSTILITIES)[number];

export interface HostileServer {
  /** The base URL the probe is given (no trailing slash). */
  url: string;
  /** Requests received, as `GET /path?query`. */
  hits: string[];
  /** Body bytes the server has written so far (what it managed to push: the reader's backpressure holds the rest). */
  readonly bytesSent: number;
  /** Requests whose connection has closed (the client let go). */
  readonly closed: number;
  close(): Promise<void>;
}

const PETS = [
  { id: "p-1", name: "Rex" },
  { id: "p-2", name: "Tom" },
];
const VISITS = [
  { number: 1, date: "2026-11-01" },
  { number: 2, date: "2026-11-08" },
];
export const HTML = "<!doctype html><html><head><title>Sign in</title></head><body><form></form></body></html>";

let bomb: Buffer | undefined;
/** 16 MiB of zeros, gzipped: about 16 KiB on the wire. */
function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.alloc(16 * 1024 * 1024));
  return bomb;
}

/**
 * Starts the server on 127.0.0.1 (a free port), playing `hostility` (none: it keeps the
 * contract). `elsewhere` is the other origin a redirect or a `Link` points at.
 */
export async function startHostileServer(
  hostility?: Hostility,
  { elsewhere = "http://127.0.0.1:9" }: { elsewhere?: string } = {},
): Promise<HostileServer> {
  // Compressed before the server starts: a synchronous gzip must not eat into a probe's deadline.
  if (hostility === "gzip past the cap") gzipBomb();
  const hits: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let bytesSent = 0;
  let closed = 0;
  let limited = false;

  /** Writes `chunk` again and again (every `ms`, else as fast as the reader takes it) until `total` bytes, or forever. */
  function pump(response: ServerResponse, chunk: Buffer | string, options: { ms?: number; total?: number } = {}) {
    const size = Buffer.byteLength(chunk);
    let written = 0;
    const write = (): void => {
      while (!response.destroyed && !response.writableEnded) {
        if (options.total !== undefined && written + size > options.total) return void response.end();
        written += size;
        bytesSent += size;
        if (!response.write(chunk)) return void response.once("drain", write);
        if (options.ms !== undefined) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            write();
          }, options.ms);
          timers.add(timer);
          return;
        }
      }
    };
    write();
  }

  const json = (response: ServerResponse, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    bytesSent += Buffer.byteLength(text);
    response.writeHead(200, { "Content-Type": "application/json", ...headers }).end(text);
  };

  function pets(request: IncomingMessage, response: ServerResponse, url: URL): void {
    const cursor = url.searchParams.get("cursor");
    switch (hostility) {
      case "never answers":
        return;
      case "headers then silence":
        response.writeHead(200, { "Content-Type": "application/json" }).flushHeaders();
        return;
      case "endless drip":
        response.writeHead(200, { "Content-Type": "application/json" });
        response.write('{"items":[');
        return pump(response, `${JSON.stringify(PETS[0])},`, { ms: 50 });
      case "slow trickle under the cap":
        // Ten bytes every 20 ms, 2 KiB in all (4 s, past the deadline): no pause long enough for an idle timeout.
        response.writeHead(200, { "Content-Type": "application/json" });
        return pump(response, " ".repeat(10), { ms: 20, total: 2048 });
      case "endless body":
        response.writeHead(200, { "Content-Type": "application/json" });
        response.write('{"items":[');
        return pump(response, `${JSON.stringify(PETS[0])},`.repeat(1000));
      case "huge declared body":
        response.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(30 * 1024 * 1024) });
        return pump(response, " ".repeat(64 * 1024), { total: 30 * 1024 * 1024 });
      case "gzip past the cap": {
        const body = gzipBomb();
        bytesSent += body.byteLength;
        response.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" }).end(body);
        return;
      }
      case "redirect to another origin":
        response.writeHead(302, { Location: `${elsewhere}/pets` }).end();
        return;
      case "endless cursor chain":
        return json(response, { items: PETS, next_cursor: `c-${Number(cursor?.slice(2) ?? 0) + 1}` });
      case "looping cursor chain":
        return json(response, { items: PETS, next_cursor: "c-1" });
      case "Retry-After of an hour":
        response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "3600" }).end("{}");
        return;
      case "rate-limited once":
        if (limited) break;
        limited = true;
        response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "1" }).end("{}");
        return;
      case "HTML where JSON is declared":
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(HTML);
        return;
      case "HTML labelled as JSON":
        response.writeHead(200, { "Content-Type": "application/json" }).end(HTML);
        return;
      case "reset mid-body": {
        const text = JSON.stringify({ items: PETS, next_cursor: null });
        response.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(text.length) });
        response.write(text.slice(0, 20));
        bytesSent += 20;
        const timer = setTimeout(() => request.socket.resetAndDestroy(), 20);
        timers.add(timer);
        return;
      }
      default:
        break;
    }
    json(response, { items: PETS, next_cursor: null });
  }

  function visits(response: ServerResponse, url: URL): void {
    const page = Number(url.searchParams.get("page") ?? 1);
    if (hostility === "endless Link chain to another origin") {
      return json(response, VISITS, { Link: `<${elsewhere}/visits?page=${page + 1}&per_page=2>; rel="next"` });
    }
    json(response, VISITS, { Link: `</visits?page=1&per_page=2>; rel="first"` });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    hits.push(`${request.method} ${url.pathname}${url.search}`);
    response.on("close", () => (closed += 1));
    if (request.method === "GET" && url.pathname === "/pets") return pets(request, response, url);
    if (request.method === "GET" && url.pathname === "/visits") return visits(response, url);
    const pet = PETS.find((candidate) => url.pathname === `/pets/${candidate.id}`);
    if (request.method === "GET" && pet) return json(response, pet);
    response.writeHead(404, { "Content-Type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    get bytesSent() {
      return bytesSent;
    },
    get closed() {
      return closed;
    },
    close: () =>
      new Promise<void>((resolve) => {
        timers.forEach(clearTimeout);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
