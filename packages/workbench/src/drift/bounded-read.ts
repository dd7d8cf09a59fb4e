// A deadline for the whole read (a trickling body still ends), a cap on decoded bytes, the body cancelled once it stops.

/** `stopped`: the deadline's parent was aborted (a run's deadline, or the user stopped it). */
export type ReadStop = "deadline" | "too large" | "cut" | "stopped";

/** `bytes` is what had arrived, decoded. */
export class BoundedReadError extends Error {
  readonly stop: ReadStop;
  readonly bytes: number;
  constructor(stop: ReadStop, bytes: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BoundedReadError";
    this.stop = stop;
    this.bytes = bytes;
  }
}

type Ended = undefined | { by: "time" } | { by: "parent"; reason: unknown };

/** `AbortSignal.timeout`'s timer goes when nothing holds the signal (fetch holds it weakly); this one fires regardless. */
export type Deadline = ReturnType<typeof createDeadline>;

export function reasonText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  if (ms < 3_600_000) return `${Number((ms / 60_000).toFixed(1))} min`;
  return `${Number((ms / 3_600_000).toFixed(1))} h`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}

export function createDeadline(ms: number, parent?: AbortSignal, label = "the deadline") {
  const controller = new AbortController();
  let ended: Ended;
  const end = (why: NonNullable<Ended>) => {
    if (ended !== undefined) return;
    ended = why;
    dispose();
    const passed = new DOMException(`${label} of ${formatDuration(ms)} passed`, "TimeoutError");
    controller.abort(why.by === "parent" ? why.reason : passed);
  };
  const onParent = () => end({ by: "parent", reason: parent?.reason });
  // The timer's callback holds the controller, and a pending timer is never collected.
  const timer = setTimeout(() => end({ by: "time" }), ms);
  const dispose = () => {
    clearTimeout(timer);
    parent?.removeEventListener("abort", onParent);
  };
  if (parent?.aborted) onParent();
  else parent?.addEventListener("abort", onParent);

  const stopped = (bytes: number) =>
    ended?.by === "parent"
      ? new BoundedReadError("stopped", bytes, `stopped: ${reasonText(ended.reason)}`)
      : new BoundedReadError("deadline", bytes, `not complete within ${formatDuration(ms)}`);

  return {
    signal: controller.signal,
    get ended(): Ended {
      return ended;
    },
    error: stopped,
    /** Settles as `promise` does, or rejects with `error(bytes)` once the deadline ends. */
    race<T>(promise: Promise<T>, bytes = 0): Promise<T> {
      if (controller.signal.aborted) {
        promise.catch(() => undefined);
        return Promise.reject(stopped(bytes));
      }
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => reject(stopped(bytes));
        controller.signal.addEventListener("abort", onAbort, { once: true });
        promise
          .then(resolve, (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))))
          .finally(() => controller.signal.removeEventListener("abort", onAbort));
      });
    },
    dispose,
  };
}

/** Through its causes: undici's `terminated` carries the socket's code. */
export function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface ReadLimits {
  deadline: Deadline;
  maxBytes: number;
}

/** The body is cancelled whenever the reading stops, so nothing holds the connection open. */
export async function* boundedChunks(body: ReadableStream<Uint8Array>, { deadline, maxBytes }: ReadLimits) {
  const reader = body.getReader();
  let bytes = 0;
  let done = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await deadline.race(reader.read(), bytes);
      } catch (error) {
        if (error instanceof BoundedReadError) throw error;
        // The deadline's own abort reaches the stream first at times: say it as the deadline.
        if (deadline.ended !== undefined) throw deadline.error(bytes);
        const code = causeCode(error);
        throw new BoundedReadError(
          "cut",
          bytes,
          `the connection was cut after ${formatBytes(bytes)} of the body${code === undefined ? "" : ` (${code})`}`,
          { cause: error },
        );
      }
      if (next.done) {
        done = true;
        return;
      }
      bytes += next.value.byteLength;
      if (bytes > maxBytes)
        throw new BoundedReadError("too large", bytes, `a body over the ${formatBytes(maxBytes)} limit`);
      yield next.value;
    }
  } finally {
    // Not awaited: a server that never answers the cancel must not hold the reader either.
    if (!done) reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
}

/** An unencoded body's `Content-Length` over the cap is refused before reading; an encoded one is counted decoded. */
export async function readBounded(response: Response, limits: ReadLimits): Promise<Uint8Array<ArrayBuffer>> {
  const encoded = (response.headers.get("content-encoding") ?? "identity").trim().toLowerCase() !== "identity";
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (!encoded && declared > limits.maxBytes) {
    response.body?.cancel().catch(() => undefined);
    throw new BoundedReadError(
      "too large",
      0,
      `a body of ${formatBytes(declared)} declared, over the ${formatBytes(limits.maxBytes)} limit`,
    );
  }
  if (response.body === null) return new Uint8Array();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  try {
    for await (const chunk of boundedChunks(response.body, limits)) chunks.push(chunk as Uint8Array<ArrayBuffer>);
  } catch (error) {
    if (error instanceof BoundedReadError && error.stop === "too large" && encoded) {
      const encoding = response.headers.get("content-encoding") ?? "";
      throw new BoundedReadError(
        "too large",
        error.bytes,
        `a ${encoding} body over the ${formatBytes(limits.maxBytes)} limit once decoded`,
      );
    }
    throw error;
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

export function withBody(response: Response, body: BodyInit | null): Response {
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}
