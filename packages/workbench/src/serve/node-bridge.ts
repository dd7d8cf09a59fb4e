// Node's HTTP messages and the Fetch API's, both ways: the fixtures' handlers take a Fetch
// `Request` and give a `Response`; the server reads an IncomingMessage (its body bounded) and
// writes the answer back as it comes, a stream's events one chunk at a time.
import type { IncomingMessage, ServerResponse } from "node:http";
import { streamFormatOf } from "@contract-workbench/runtime/streams";

/** Thrown when a request's body goes past the limit: the server answers 413. */
export class BodyTooLarge extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`the body is larger than ${limit} bytes`);
    this.limit = limit;
  }
}

/** The body, read whole, or BodyTooLarge as soon as it passes `limit` bytes (what it declares, or what arrives). */
async function readBody(message: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(message.headers["content-length"] ?? 0);
  if (declared > limit) throw new BodyTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of message as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The Fetch `Request` for an incoming message, its body read (bounded by `limit` bytes);
 * `signal` aborts when the client goes away.
 *
 * @example
 * const request = await toFetchRequest(message, "http://127.0.0.1:4010", 1_048_576, controller.signal);
 */
export async function toFetchRequest(
  message: IncomingMessage,
  origin: string,
  limit: number,
  signal: AbortSignal,
): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each);
  }
  const method = message.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const body = hasBody ? await readBody(message, limit) : undefined;
  return new Request(new URL(message.url ?? "/", origin), {
    method,
    headers,
    signal,
    ...(body !== undefined && body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
}

/** Whether a response's body is a stream of events, sent as it comes. */
function isStream(response: Response): boolean {
  return streamFormatOf(response.headers.get("content-type") ?? "") !== undefined;
}

/**
 * Two copies of an answer: one to send, one for the exchange monitor to read. A body sent
 * whole is read once and both copies are made from its bytes (cheaper than `clone()`, which
 * tees the body into two streams); a stream is cloned, each copy read as it comes.
 *
 * @example
 * const [sent, checked] = await twoCopies(response);
 */
export async function twoCopies(response: Response): Promise<[Response, Response]> {
  if (response.body === null || isStream(response)) return [response, response.clone()];
  const bytes = new Uint8Array(await response.arrayBuffer());
  const copy = () =>
    new Response(bytes.byteLength === 0 ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  return [copy(), copy()];
}

/**
 * Writes a Fetch `Response` to Node's response: a body whole with its length, a stream's (Server-Sent
 * Events, JSON Lines, JSON sequences) chunk by chunk as the response produces it, so that its events
 * reach the client as they come, stopping when the client goes away.
 */
export async function sendFetchResponse(response: Response, target: ServerResponse, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (response.body === null || method === "HEAD") {
    target.writeHead(response.status, headers).end();
    return;
  }
  // Anything but a stream is sent whole, with its length: most clients read it faster.
  if (!isStream(response)) {
    const body = new Uint8Array(await response.arrayBuffer());
    target.writeHead(response.status, { ...headers, "content-length": String(body.byteLength) }).end(body);
    return;
  }
  target.writeHead(response.status, headers);
  target.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  target.once("close", stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || target.destroyed) break;
      target.write(value);
    }
    target.end();
  } catch {
    // The answer broke off (the `broken` scenario's streams): the connection drops, as a server's would.
    target.destroy();
  } finally {
    target.off("close", stop);
  }
}
