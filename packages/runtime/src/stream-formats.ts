// SSE, JSON Lines and JSON text sequences, read incrementally and bounded; pure, so the client and the workbench
// read the same bytes the same way (why ours: docs/decisions/0028-the-event-stream-parser-stays-ours.md).

/** How the items of a sequential media type are framed on the wire. */
export type StreamFormat = "sse" | "jsonl" | "json-seq";

const JSON_LINES = new Set([
  "application/jsonl",
  "application/x-ndjson",
  "application/ndjson",
  "application/jsonlines",
  "application/x-jsonlines",
]);

/** The stream format of a media type (`application/geo+json-seq`: `json-seq`), or undefined when it does not stream. */
export function streamFormatOf(mediaType: string): StreamFormat | undefined {
  const essence = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (essence === "text/event-stream") return "sse";
  if (JSON_LINES.has(essence)) return "jsonl";
  if (essence === "application/json-seq" || essence.endsWith("+json-seq")) return "json-seq";
  return undefined;
}

/** One Server-Sent Event in OpenAPI 3.2's data model of `text/event-stream` (`data` lines joined with LF). */
export interface ServerSentEvent {
  data: string;
  event?: string;
  id?: string;
  retry?: number;
}

/** What a framer cut out of the text: one item's text, an item cut for its size, or text the stream ended inside. */
export type Frame =
  | { kind: "event"; event: ServerSentEvent }
  | { kind: "text"; text: string }
  | { kind: "oversized"; bytes: number; excerpt: string }
  | { kind: "truncated"; excerpt: string };

/** Reads one format's frames out of decoded text, pushed as it arrives. */
export interface Framer {
  push(text: string): Frame[];
  /** The stream ended: what was left unfinished. */
  end(): Frame[];
}

const EXCERPT = 120;

function excerptOf(text: string): string {
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
}

/** The UTF-8 length of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/** Splits text at CRLF, LF or a lone CR (a CR ending a chunk may be half of a CRLF split across two chunks). */
class LineSplitter {
  private skipLineFeed = false;

  split(text: string, part: (piece: string) => void, end: () => void): void {
    let start = 0;
    if (this.skipLineFeed && text.startsWith("\n")) start = 1;
    this.skipLineFeed = false;
    let cr = text.indexOf("\r", start);
    let lf = text.indexOf("\n", start);
    while (cr !== -1 || lf !== -1) {
      const at = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      part(text.slice(start, at));
      end();
      start = at + 1;
      if (at === cr) {
        if (start === text.length) this.skipLineFeed = true;
        else if (text[start] === "\n") start += 1;
      }
      if (cr !== -1 && cr < start) cr = text.indexOf("\r", start);
      if (lf !== -1 && lf < start) lf = text.indexOf("\n", start);
    }
    if (start < text.length) part(text.slice(start));
  }
}

/** The event-stream parser of the WHATWG HTML standard (§ 9.2.5 and § 9.2.6), bounded per event. */
export class EventStreamFramer implements Framer {
  /** Sent back as `Last-Event-ID` on reconnection (a new connection's framer starts from it). */
  lastEventId: string;
  /** The reconnection time the server asked for with `retry`, in milliseconds. */
  reconnectionTime: number | undefined;

  private readonly lines = new LineSplitter();
  private readonly maxEventBytes: number;
  private first = true;
  private line = "";
  private lineBytes = 0;
  private data = "";
  private type = "";
  private idBuffer = "";
  private idInBlock = false;
  private retryInBlock: number | undefined;
  private blockBytes = 0;
  /** Set while an oversized event is skipped, up to the blank line that ends it. */
  private cutting = false;
  private cutLineEmpty = true;

  constructor(options: { maxEventBytes?: number | undefined; lastEventId?: string | undefined } = {}) {
    this.maxEventBytes = options.maxEventBytes ?? Number.POSITIVE_INFINITY;
    this.lastEventId = options.lastEventId ?? "";
  }

  push(text: string): Frame[] {
    const frames: Frame[] = [];
    const chunk = this.first && text.startsWith("\uFEFF") ? text.slice(1) : text;
    if (text !== "") this.first = false;
    this.lines.split(
      chunk,
      (piece) => this.append(piece, frames),
      () => this.endLine(frames),
    );
    return frames;
  }

  end(): Frame[] {
    const pending = this.cutting ? "" : this.data + this.line;
    this.reset();
    return pending === "" ? [] : [{ kind: "truncated", excerpt: excerptOf(pending) }];
  }

  private append(piece: string, frames: Frame[]): void {
    if (this.cutting) {
      if (piece !== "") this.cutLineEmpty = false;
      return;
    }
    this.line += piece;
    this.lineBytes += utf8Length(piece);
    if (this.blockBytes + this.lineBytes > this.maxEventBytes) {
      frames.push({
        kind: "oversized",
        bytes: this.blockBytes + this.lineBytes,
        excerpt: excerptOf(this.data + this.line),
      });
      this.cutLineEmpty = this.line === "";
      this.reset();
      this.cutting = true;
    }
  }

  private endLine(frames: Frame[]): void {
    if (this.cutting) {
      // The oversized event ends at the next blank line; the one after it is read again.
      if (this.cutLineEmpty) this.cutting = false;
      this.cutLineEmpty = true;
      return;
    }
    const line = this.line;
    this.blockBytes += this.lineBytes + 1;
    this.line = "";
    this.lineBytes = 0;
    if (line === "") {
      this.dispatch(frames);
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.type = value;
    else if (field === "data") this.data += `${value}\n`;
    else if (field === "id" && !value.includes("\u0000")) {
      this.idBuffer = value;
      this.idInBlock = true;
    } else if (field === "retry" && /^[0-9]+$/.test(value)) {
      this.reconnectionTime = Number.parseInt(value, 10);
      this.retryInBlock = this.reconnectionTime;
    }
  }

  private dispatch(frames: Frame[]): void {
    this.lastEventId = this.idBuffer;
    if (this.data !== "") {
      const event: ServerSentEvent = { data: this.data.endsWith("\n") ? this.data.slice(0, -1) : this.data };
      if (this.type !== "") event.event = this.type;
      if (this.idInBlock) event.id = this.idBuffer;
      if (this.retryInBlock !== undefined) event.retry = this.retryInBlock;
      frames.push({ kind: "event", event });
    }
    this.reset();
  }

  private reset(): void {
    this.line = "";
    this.lineBytes = 0;
    this.data = "";
    this.type = "";
    this.idInBlock = false;
    this.retryInBlock = undefined;
    this.blockBytes = 0;
    this.cutting = false;
  }
}

/** JSON Lines (and NDJSON): one JSON text per line; blank lines skipped, an unended last line kept. */
export class JsonLinesFramer implements Framer {
  private line = "";
  private bytes = 0;
  private cutting = false;
  private readonly maxEventBytes: number;

  constructor(options: { maxEventBytes?: number | undefined } = {}) {
    this.maxEventBytes = options.maxEventBytes ?? Number.POSITIVE_INFINITY;
  }

  push(text: string): Frame[] {
    const frames: Frame[] = [];
    let start = 0;
    for (let at = text.indexOf("\n"); ; at = text.indexOf("\n", start)) {
      const piece = text.slice(start, at === -1 ? undefined : at);
      if (!this.cutting) {
        this.line += piece;
        this.bytes += utf8Length(piece);
        if (this.bytes > this.maxEventBytes) {
          frames.push({ kind: "oversized", bytes: this.bytes, excerpt: excerptOf(this.line) });
          this.cutting = true;
        }
      }
      if (at === -1) break;
      frames.push(...this.end());
      start = at + 1;
    }
    return frames;
  }

  end(): Frame[] {
    const text = this.line.endsWith("\r") ? this.line.slice(0, -1) : this.line;
    const frames: Frame[] = !this.cutting && text.trim() !== "" ? [{ kind: "text", text }] : [];
    this.line = "";
    this.bytes = 0;
    this.cutting = false;
    return frames;
  }
}

const RECORD_SEPARATOR = "\u001e";

/** JSON text sequences (RFC 7464): a record ends at the next separator, the end, or a chunk ending with it whole. */
export class JsonSequenceFramer implements Framer {
  private record: string | undefined;
  private bytes = 0;
  private cutting = false;
  private leading = "";
  private readonly maxEventBytes: number;

  constructor(options: { maxEventBytes?: number | undefined } = {}) {
    this.maxEventBytes = options.maxEventBytes ?? Number.POSITIVE_INFINITY;
  }

  push(text: string): Frame[] {
    const frames: Frame[] = [];
    let start = 0;
    for (let at = text.indexOf(RECORD_SEPARATOR); ; at = text.indexOf(RECORD_SEPARATOR, start)) {
      this.add(text.slice(start, at === -1 ? undefined : at), frames);
      if (at === -1) break;
      this.close(frames);
      this.record = "";
      start = at + 1;
    }
    // A chunk that ends with a whole record: emitted now rather than at the next separator.
    if (this.record !== undefined && !this.cutting && /[\]}"\w]\s*\n\s*$/.test(this.record)) {
      try {
        JSON.parse(this.record);
        this.close(frames);
        this.record = undefined;
      } catch {
        // not whole yet: a later chunk completes it
      }
    }
    return frames;
  }

  end(): Frame[] {
    const frames: Frame[] = [];
    this.close(frames);
    this.record = undefined;
    return frames;
  }

  private add(piece: string, frames: Frame[]): void {
    if (this.record === undefined) {
      // Text outside any record (before the first separator, or after a record already emitted).
      this.leading += piece;
      return;
    }
    if (this.cutting) return;
    this.record += piece;
    this.bytes += utf8Length(piece);
    if (this.bytes > this.maxEventBytes) {
      frames.push({ kind: "oversized", bytes: this.bytes, excerpt: excerptOf(this.record) });
      this.cutting = true;
      this.record = "";
    }
  }

  private close(frames: Frame[]): void {
    if (this.leading.trim() !== "") frames.push({ kind: "text", text: this.leading });
    this.leading = "";
    if (this.record !== undefined && !this.cutting && this.record.trim() !== "") {
      frames.push({ kind: "text", text: this.record });
    }
    this.bytes = 0;
    this.cutting = false;
  }
}

export function framerFor(format: StreamFormat, options: { maxEventBytes?: number | undefined } = {}): Framer {
  if (format === "sse") return new EventStreamFramer(options);
  if (format === "jsonl") return new JsonLinesFramer(options);
  return new JsonSequenceFramer(options);
}

/** Why an item of a stream is not a value: its text, or the stream around it, is not what was declared. */
export interface StreamEventError {
  /** `oversized`: over the reader's size, cut; `truncated`: the stream ended inside it; `limit`: reading stopped. */
  kind: "malformed" | "oversized" | "truncated" | "limit";
  /** Its position among the stream's items, from 0. */
  index: number;
  /** Names the item (its position, and an event's type and id) and what is wrong. */
  message: string;
  /** The start of its text. */
  excerpt: string;
  /** An event's type and id, when it had them. */
  event?: string;
  id?: string;
}

/** One item of a stream: a value (an SSE event, a JSON Lines or JSON sequence item), or why it is not one. */
export type StreamItem<T> =
  { index: number; value: T; error?: undefined } | { index: number; value?: undefined; error: StreamEventError };

/** How far a stream is read before the reader stops it. */
export interface StreamLimits {
  /** Items read before stopping (default 10,000). */
  maxEvents?: number;
  /** Bytes read before stopping (default 16 MiB). */
  maxBytes?: number;
  /** The largest item kept; a larger one is cut and reported (default 1 MiB). */
  maxEventBytes?: number;
  /** Milliseconds before stopping (none by default: the caller's AbortSignal stops it). */
  maxDurationMs?: number;
}

export const DEFAULT_LIMITS = {
  maxEvents: 10_000,
  maxBytes: 16 * 2 ** 20,
  maxEventBytes: 2 ** 20,
} as const;

/** How an item's text becomes its value: JSON, or (an SSE event's `data`) as JSON or as text. */
export interface ItemReading {
  format: StreamFormat;
  /** For SSE: whether `data` holds JSON (parsed into the event's `data`) or text (kept as it is). */
  data?: "json" | "text";
}

function place(index: number, event?: ServerSentEvent): string {
  const named = [
    event?.event === undefined ? undefined : `type "${event.event}"`,
    event?.id === undefined ? undefined : `id "${event.id}"`,
  ].filter((part) => part !== undefined);
  return `event ${index + 1}${named.length > 0 ? ` (${named.join(", ")})` : ""}`;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A conventional last event of JSON streams (OpenAI's): it ends the stream and is not an item. */
export const DONE_SENTINEL = "[DONE]";

/** One frame as an item, or `done` for OpenAI's `data: [DONE]`, which ends the stream. */
export function decodeFrame(frame: Frame, index: number, reading: ItemReading): StreamItem<unknown> | "done" {
  if (frame.kind === "oversized") {
    const message = `${place(index)} is ${frame.bytes} bytes or more, more than the reader keeps: it was cut.`;
    return errorItem(index, "oversized", message, frame.excerpt);
  }
  if (frame.kind === "truncated") {
    const message = `the stream ended inside ${place(index)}: the connection was closed before it was complete.`;
    return errorItem(index, "truncated", message, frame.excerpt);
  }
  if (frame.kind === "text") {
    try {
      return { index, value: JSON.parse(frame.text) as unknown };
    } catch (error) {
      return errorItem(index, "malformed", `${place(index)} is not JSON (${reason(error)}).`, excerptOf(frame.text));
    }
  }
  const { event } = frame;
  if (reading.data !== "json") return { index, value: event };
  if (event.data === DONE_SENTINEL) return "done";
  try {
    return { index, value: { ...event, data: JSON.parse(event.data) as unknown } };
  } catch (error) {
    const message = `${place(index, event)}: its data is not JSON (${reason(error)}).`;
    return errorItem(index, "malformed", message, excerptOf(event.data), {
      ...(event.event === undefined ? {} : { event: event.event }),
      ...(event.id === undefined ? {} : { id: event.id }),
    });
  }
}

function errorItem(
  index: number,
  kind: StreamEventError["kind"],
  message: string,
  excerpt = "",
  named: Pick<StreamEventError, "event" | "id"> = {},
): StreamItem<never> {
  return { index, error: { kind, index, message, excerpt, ...named } };
}

/** Past a limit, a `limit` error is the last item; `framer` is given when the caller keeps its state (SSE's last ID). */
export async function* readItems(
  body: ReadableStream<Uint8Array>,
  reading: ItemReading,
  options: StreamLimits & { signal?: AbortSignal; framer?: Framer; firstIndex?: number } = {},
): AsyncGenerator<StreamItem<unknown>, void, undefined> {
  const maxEvents = options.maxEvents ?? DEFAULT_LIMITS.maxEvents;
  const maxBytes = options.maxBytes ?? DEFAULT_LIMITS.maxBytes;
  const framer =
    options.framer ??
    framerFor(reading.format, { maxEventBytes: options.maxEventBytes ?? DEFAULT_LIMITS.maxEventBytes });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const started = Date.now();
  let index = options.firstIndex ?? 0;
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const stop = () => void reader.cancel().catch(() => undefined);
  if (options.maxDurationMs !== undefined) {
    timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.maxDurationMs);
  }
  options.signal?.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      if (options.signal?.aborted) return;
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (options.signal?.aborted) return;
        // The connection broke: what was pending is unfinished, then the error is the caller's.
        for (const frame of framer.end()) {
          const item = decodeFrame(frame, index, reading);
          if (item !== "done") yield item;
        }
        throw error;
      }
      if (options.signal?.aborted) return;
      if (timedOut) {
        yield errorItem(index, "limit", `stopped after ${options.maxDurationMs} ms (${Date.now() - started} ms read).`);
        return;
      }
      const frames = chunk.done
        ? [...framer.push(decoder.decode()), ...framer.end()]
        : framer.push(decoder.decode(chunk.value, { stream: true }));
      for (const frame of frames) {
        if (index >= maxEvents) {
          yield errorItem(index, "limit", `stopped after ${maxEvents} events.`);
          stop();
          return;
        }
        const item = decodeFrame(frame, index, reading);
        if (item === "done") {
          stop();
          return;
        }
        yield item;
        index += 1;
      }
      if (chunk.done) return;
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) {
        yield errorItem(index, "limit", `stopped after ${bytes} bytes (the limit is ${maxBytes}).`);
        stop();
        return;
      }
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
    // Also when the caller stops reading early: the connection is not left open.
    stop();
  }
}
