// Node's HTTP messages to the Fetch API's and back: a request's body bounded, a stream written as it comes.
import type { IncomingMessage, ServerResponse } from "node:http";
import { streamFormatOf } from "@contract-workbench/runtime/streams";
import { bodyTextOf } from "../fixtures/answer/text-body.ts";
import type { CheckedAnswer } from "../fixtures/check/exchange-check.ts";

const decoder = new TextDecoder();

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

/** The Fetch `Request` at `url`, its body bounded; pass `signal` only where an answer may stream: it costs far more. */
export async function toFetchRequest(
  message: IncomingMessage,
  url: string,
  limit: number,
  signal: AbortSignal | undefined,
): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each);
  }
  const method = message.method ?? "GET";
  const body = method !== "GET" && method !== "HEAD" ? await readBody(message, limit) : undefined;
  return new Request(url, {
    method,
    headers,
    ...(signal === undefined ? {} : { signal }),
    ...(body !== undefined && body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
}

function isStream(response: Response): boolean {
  return streamFormatOf(response.headers.get("content-type") ?? "") !== undefined;
}

/** An answer as the server sends it: the response (its status and headers), and its body when read whole. */
export interface ReadAnswer {
  response: Response;
  /** The body, read once; absent for an answer without one, one made from text and a stream (sent as it comes). */
  bytes?: Uint8Array;
  /** The text the fixtures made the body from (../fixtures/answer/text-body.ts): sent as it is. */
  text?: string;
}

/** An answer read for sending, and a copy for the exchange monitor; a whole body is read once, a stream cloned. */
export async function readForSending(response: Response): Promise<[ReadAnswer, CheckedAnswer]> {
  // The headers as the fixtures answered, before the server adds its own (CORS).
  const { status } = response;
  const headers = new Headers(response.headers);
  const text = bodyTextOf(response);
  if (text !== undefined)
    return [
      { response, text },
      { status, headers, body: null, text: () => Promise.resolve(text) },
    ];
  if (response.body === null || isStream(response)) {
    const copy = response.clone();
    return [{ response }, { status, headers, body: copy.body, text: () => copy.text() }];
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return [
    { response, bytes },
    { status, headers, body: null, text: () => Promise.resolve(decoder.decode(bytes)) },
  ];
}

/** Writes a Fetch `Response` to Node's: a body whole with its length, a stream chunk by chunk until the client goes. */
export async function sendFetchResponse(
  { response, bytes, text }: ReadAnswer,
  target: ServerResponse,
  method: string,
): Promise<void> {
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // An empty body is none: a 204 sends no Content-Length.
  const empty = text === undefined ? response.body === null && bytes === undefined : text === "";
  if (empty || bytes?.byteLength === 0 || method === "HEAD") {
    target.writeHead(response.status, headers).end();
    return;
  }
  // Anything but a stream is sent whole, with its length (most clients read it faster); a string with the head.
  if (text !== undefined || bytes !== undefined || response.body === null || !isStream(response)) {
    const body = text ?? bytes ?? new Uint8Array(await response.arrayBuffer());
    const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
    target.writeHead(response.status, { ...headers, "content-length": String(length) }).end(body);
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
