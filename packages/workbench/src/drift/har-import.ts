// A HAR is untrusted input: the first answer per operation that keeps the contract is kept, scrubbed.
import type { ContractSchemas } from "../contract/contract-types.ts";
import { parseJsonText } from "../contract/json-text.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { createDriftCheck } from "./drift-check.ts";
import { formatDrift } from "./drift-report.ts";
import { createRecording } from "./recording.ts";

/** Devtools exports of a long session stay well under it. */
export const MAX_HAR_BYTES = 50 * 1024 * 1024;

/** With the place: `file.har:3:14` or `file.har: log.entries[2].response.status`. */
export class HarError extends Error {}

type Entry = {
  request: {
    method: string;
    url: string;
    headers: Array<{ name: string; value: string }>;
    postData?: { mimeType?: string; text?: string };
  };
  response: {
    status: number;
    headers: Array<{ name: string; value: string }>;
    content: { mimeType?: string; text?: string; encoding?: string };
  };
};

function entriesOf(file: string, har: unknown): Entry[] {
  const place = (path: string, expected: string) => new HarError(`${file}: ${path}: expected ${expected}.`);
  const log = (har as { log?: unknown } | null)?.log;
  if (typeof log !== "object" || log === null) throw place("log", "an object (is this a HAR file?)");
  const entries = (log as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) throw place("log.entries", "a list");
  entries.forEach((entry: unknown, index) => {
    const at = `log.entries[${index}]`;
    const { request, response } = (entry ?? {}) as Partial<Record<"request" | "response", Record<string, unknown>>>;
    if (typeof request?.method !== "string") throw place(`${at}.request.method`, "a text");
    if (typeof request.url !== "string" || !URL.canParse(request.url))
      throw place(`${at}.request.url`, "an absolute URL");
    if (typeof response?.status !== "number") throw place(`${at}.response.status`, "a number");
    if (!Array.isArray(request.headers) || !Array.isArray(response.headers)) throw place(`${at}.*.headers`, "lists");
    if (typeof response.content !== "object" || response.content === null)
      throw place(`${at}.response.content`, "an object");
  });
  return entries as Entry[];
}

function headersOf(list: Array<{ name: string; value: string }>, type: string | undefined): Headers {
  const headers = new Headers();
  for (const { name, value } of list) {
    // HTTP/2 pseudo-headers (`:authority`) and anything a Headers object refuses are not the contract's concern.
    if (typeof name !== "string" || typeof value !== "string" || name.startsWith(":")) continue;
    try {
      headers.append(name, value);
    } catch {
      continue;
    }
  }
  if (type && !headers.has("content-type")) headers.set("content-type", type);
  return headers;
}

/** Undefined when it says base64 and is not. */
function bodyText(content: Entry["response"]["content"]): string | undefined {
  if (content.text === undefined) return "";
  if (content.encoding !== "base64") return content.text;
  try {
    // atob and TextDecoder, not Buffer: the import runs in the browser (a story) as well as in Node.
    return new TextDecoder().decode(Uint8Array.from(atob(content.text), (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** `ignored` counts the entries for no operation of the contract (the page's files, other services). */
export async function importHar(
  file: string,
  text: string,
  { manifest, contract }: { manifest: Manifest; contract: ContractSchemas },
) {
  // Every character is at least one byte: a text that long is refused before it is encoded.
  if (text.length > MAX_HAR_BYTES || new TextEncoder().encode(text).length > MAX_HAR_BYTES)
    throw new HarError(`${file}: larger than ${MAX_HAR_BYTES / 1024 / 1024} MB.`);
  const entries = entriesOf(file, parseJsonText(file, text, HarError));
  const check = createDriftCheck({ manifest, contract });
  const { recording, keep } = createRecording(contract);
  const rejected: string[] = [];
  let ignored = 0;
  for (const [index, entry] of entries.entries()) {
    const method = entry.request.method.toUpperCase();
    const operation = check.operationOf(method, entry.request.url);
    if (operation === undefined) {
      ignored += 1;
      continue;
    }
    const where = `log.entries[${index}] ${method} ${new URL(entry.request.url).pathname}`;
    const status = entry.response.status;
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      rejected.push(`${where}: no usable answer (status ${status}).`);
      continue;
    }
    const headers = headersOf(entry.response.headers, entry.response.content.mimeType);
    const text = bodyText(entry.response.content);
    if (text === undefined) {
      rejected.push(`${where}: its answer says base64 and is not.`);
      continue;
    }
    const noBody = method === "HEAD" || [204, 205, 304].includes(status);
    const request = new Request(entry.request.url, {
      method,
      headers: headersOf(entry.request.headers, entry.request.postData?.mimeType),
      ...(entry.request.postData?.text === undefined || method === "GET" ? {} : { body: entry.request.postData.text }),
    });
    const response = new Response(noBody || text === "" ? null : text, { status, headers });
    const drifts = (await check.check(request, response)) ?? [];
    if (drifts.length > 0) {
      rejected.push(...drifts.map((drift) => `${where}: ${formatDrift({ ...drift, count: 1 })}`));
      continue;
    }
    keep(operation.operationId, status, headers.get("content-type") ?? "", noBody ? "" : text);
  }
  return { recording, rejected, ignored };
}
