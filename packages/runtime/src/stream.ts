// Streamed answers through the same client as every call; apart from ./query.ts, so a screen not streaming ships none.
import {
  experimental_streamedQuery,
  type QueryClient,
  type QueryKey,
  useQuery,
  type UseQueryOptions,
  type UseQueryResult,
} from "@tanstack/react-query";
import type { Client } from "openapi-fetch";
import type { HttpMethod, OkStatus } from "openapi-typescript-helpers";
import type { AnyPaths, Init } from "./init.ts";
import { ApiError, fromErrorResponse, toApiError } from "./errors.ts";
import type { Manifest, ManifestStream } from "./manifest-types.ts";
import type { Call, Failure, Op, PathFor, Rest, RuntimeInit, TaggedKey } from "./operation-types.ts";
import {
  EventStreamFramer,
  type ItemReading,
  readItems,
  streamFormatOf,
  type StreamItem,
  type StreamLimits,
} from "./stream-formats.ts";

export type { StreamEventError, StreamItem, StreamLimits } from "./stream-formats.ts";

/** The media types whose answers stream (OpenAPI 3.2's sequential media types that this project reads). */
export type StreamMediaType =
  | "text/event-stream"
  | "application/jsonl"
  | "application/x-ndjson"
  | "application/ndjson"
  | "application/jsonlines"
  | "application/x-jsonlines"
  | "application/json-seq"
  | `${string}+json-seq`;

/** The content of an operation's success answers (`Op`: `paths[path][method]`, or an entry of `operations`). */
type SuccessContent<Op> = Op extends { responses: infer R }
  ? { [S in keyof R & OkStatus]: R[S] extends { content: infer C } ? C : never }[keyof R & OkStatus]
  : never;

/** The stream media types an operation's success answer declares (`never` when it does not stream). */
export type StreamMediaOf<Op> = {
  [K in keyof SuccessContent<Op>]: K extends StreamMediaType
    ? SuccessContent<Op>[K] extends readonly unknown[]
      ? K
      : never
    : never;
}[keyof SuccessContent<Op>] &
  string;

/** One item of an operation's stream as its item schema types it (an SSE event's `data` parsed when declared JSON). */
export type StreamEventOf<Op, Media extends StreamMediaOf<Op> = StreamMediaOf<Op>> = [Media] extends [never]
  ? never
  : SuccessContent<Op>[Media & keyof SuccessContent<Op>] extends readonly (infer Item)[]
    ? Item
    : never;

/** The paths whose `M` operation answers with a stream. */
export type StreamPath<P extends AnyPaths, M extends HttpMethod> = {
  [Path in PathFor<P, M>]: [StreamMediaOf<Op<P, M, Path>>] extends [never] ? never : Path;
}[PathFor<P, M>] &
  string;

export interface StreamOptions<Media extends string = string> {
  /** The declared stream media type to ask for (`Accept`); the first the answer declares by default. */
  accept?: Media;
  /** How far it is read (events, bytes, size of one event, time); see {@link StreamLimits}. */
  limits?: StreamLimits;
  /** SSE: how many times in all a broken connection is reopened, with `Last-Event-ID` (default 3). */
  reconnect?: number;
  /** Server-Sent Events: the reconnection time until the server sets one with `retry` (default 3,000 ms). */
  retryMs?: number;
}

/** What opening a stream gives: its items as they arrive, or the HTTP error it was answered with (a value). */
export type StreamOpened<Event, Error> =
  | { events: AsyncIterable<StreamItem<Event>>; error?: undefined; response: Response }
  | { events?: undefined; error: Error; response: Response };

/** `[method, path, init, "stream"]`: a streamed query's key, apart from an ordinary query of the same call. */
export type ApiStreamKey<P extends AnyPaths, M extends HttpMethod, Path extends keyof P> = TaggedKey<
  P,
  M,
  Path,
  "stream"
>;

/** How a streamed query keeps what arrives: each item in an array (the default), or folded by `reducer`. */
export type StreamQueryOptions<Event, Data, Media extends string> = StreamOptions<Media> & {
  /** TanStack Query's: `reset` (default) empties the data on refetch, `append` adds to it, `replace` swaps it at the end. */
  refetchMode?: "append" | "reset" | "replace";
} & (
    | { reducer?: undefined; initialValue?: undefined }
    | { reducer: (accumulated: Data, item: StreamItem<Event>) => Data; initialValue: Data }
  );

/** Each stream method's arguments after `method` and `path`, and its result. */
interface StreamCalls<
  P extends AnyPaths,
  M extends HttpMethod,
  Path extends StreamPath<P, M>,
  Media extends StreamMediaOf<Op<P, M, Path>>,
  Data,
  Event = StreamEventOf<Op<P, M, Path>, Media>,
  Fail = Failure<P, M, Path>,
  Key extends QueryKey = ApiStreamKey<P, M, Path>,
  Query = StreamQueryOptions<Event, Data, Media> & Omit<UseQueryOptions<Data, Fail, Data, Key>, "queryKey" | "queryFn">,
> {
  open: [Rest<Init<P, M, Path>, StreamOptions<Media>>, Promise<StreamOpened<Event, Fail>>];
  read: [Rest<Init<P, M, Path>, StreamOptions<Media>>, AsyncIterable<StreamItem<Event>>];
  queryOptions: [
    [init?: Init<P, M, Path>, options?: Query],
    UseQueryOptions<Data, Fail, Data, Key> & { queryKey: Key },
  ];
  useStream: [[init?: Init<P, M, Path>, options?: Query, queryClient?: QueryClient], UseQueryResult<Data, Fail>];
}

/** A stream method, its type parameters declared once for all four. */
type StreamMethod<P extends AnyPaths, K extends keyof ApiStreams<P>> = <
  M extends HttpMethod,
  Path extends StreamPath<P, M>,
  Media extends StreamMediaOf<Op<P, M, Path>> = StreamMediaOf<Op<P, M, Path>>,
  Data = Array<StreamItem<StreamEventOf<Op<P, M, Path>, Media>>>,
>(
  method: M,
  path: Path,
  ...rest: StreamCalls<P, M, Path, Media, Data>[K][0]
) => StreamCalls<P, M, Path, Media, Data>[K][1];

export interface ApiStreams<P extends AnyPaths> {
  /** An HTTP error is a value (`error`, with the contract's error body); no response at all throws an `ApiError`. */
  open: StreamMethod<P, "open">;
  /** The stream's items; an HTTP error before the first one is thrown as an `ApiError`. Stops when `init.signal` aborts. */
  read: StreamMethod<P, "read">;
  /** TanStack Query options whose data grows as items arrive (`experimental_streamedQuery`). */
  queryOptions: StreamMethod<P, "queryOptions">;
  /** A query whose data grows as the stream's items arrive: the screen re-renders with each. */
  useStream: StreamMethod<P, "useStream">;
}

const DEFAULT_RETRY_MS = 3_000;
const DEFAULT_RECONNECTS = 3;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    signal?.addEventListener("abort", wake, { once: true });
  });
}

/** The error for an answer that is not the stream asked for: its body is cancelled, not read. */
async function notAStream(response: Response, method: string, message: string): Promise<ApiError> {
  await response.body?.cancel().catch(() => undefined);
  return new ApiError({ kind: "malformed", message, method, url: response.url || undefined, status: response.status });
}

/** Streams through a `createApiClient` client (its middleware applies); `manifest` says which answers stream, how. */
export function createApiStreams<P extends AnyPaths>(
  client: Client<P>,
  options: { manifest: Pick<Manifest, "operations"> },
): ApiStreams<P> {
  const streamsOf = (method: string, path: string): ManifestStream[] =>
    options.manifest.operations
      .find((operation) => operation.method === method && operation.path === path)
      ?.responses.filter((response) => /^2/.test(response.status))
      .flatMap((response) => response.streams ?? []) ?? [];

  function call(method: string, path: string, init: RuntimeInit | undefined, accept: string, lastEventId?: string) {
    const send = (client as unknown as Record<string, Call>)[method.toUpperCase()];
    if (send === undefined) throw new Error(`The client has no ${method.toUpperCase()} method.`);
    const headers: Record<string, string> = { ...init?.headers, Accept: accept };
    if (lastEventId !== undefined && lastEventId !== "") headers["Last-Event-ID"] = lastEventId;
    return send(path, { ...init, headers, parseAs: "stream" });
  }

  async function open(
    method: string,
    path: string,
    init?: RuntimeInit,
    stream: StreamOptions = {},
  ): Promise<StreamOpened<unknown, ApiError>> {
    const declared = streamsOf(method, path);
    const accept = stream.accept ?? declared[0]?.mediaType ?? "text/event-stream";
    const verb = method.toUpperCase();
    const result = await call(method, path, init, accept);
    const { response } = result;
    if (!response.ok) return { error: fromErrorResponse(result.error, response, verb), response };
    const contentType = response.headers.get("Content-Type") ?? "";
    const format = streamFormatOf(contentType);
    if (format === undefined || !(result.data instanceof ReadableStream)) {
      const message = `${verb} ${response.url} answered ${contentType || "no Content-Type"}, not a stream (${accept}).`;
      return { error: await notAStream(response, verb, message), response };
    }
    const data = declared.find((each) => streamFormatOf(each.mediaType) === format)?.data;
    const reading: ItemReading = format === "sse" ? { format, data: data ?? "text" } : { format };
    return {
      events: follow(method, path, init, stream, response, result.data as ReadableStream<Uint8Array>, reading),
      response,
    };
  }

  /** A broken SSE connection is reopened as WHATWG says (a 204 ends it); past the attempts, or else, it throws. */
  async function* follow(
    method: string,
    path: string,
    init: RuntimeInit | undefined,
    stream: StreamOptions,
    first: Response,
    firstBody: ReadableStream<Uint8Array>,
    reading: ItemReading,
  ): AsyncGenerator<StreamItem<unknown>, void, undefined> {
    const signal = init?.signal;
    const verb = method.toUpperCase();
    const limits = stream.limits ?? {};
    let body = firstBody;
    let index = 0;
    let lastEventId = "";
    let reconnectionTime = stream.retryMs ?? DEFAULT_RETRY_MS;
    let attempts = 0;
    for (;;) {
      const framer =
        reading.format === "sse"
          ? new EventStreamFramer({ maxEventBytes: limits.maxEventBytes, lastEventId })
          : undefined;
      let broken: unknown;
      try {
        let cut = false;
        for await (const item of readItems(body, reading, { ...limits, signal, framer, firstIndex: index })) {
          index = item.index + 1;
          cut = item.error?.kind === "truncated";
          yield item;
        }
        // A body that ended inside an event was closed under it: a broken connection too.
        if (!cut) return;
        broken = new TypeError("the connection closed inside an event");
      } catch (error) {
        broken = error;
      }
      if (signal?.aborted) return;
      if (framer) {
        lastEventId = framer.lastEventId;
        reconnectionTime = framer.reconnectionTime ?? reconnectionTime;
      }
      if (reading.format !== "sse" || attempts >= (stream.reconnect ?? DEFAULT_RECONNECTS)) {
        const cause = toApiError(broken, { method: verb, url: first.url });
        throw new ApiError({
          kind: cause.kind === "aborted" || cause.kind === "timeout" ? cause.kind : "network",
          message: `${verb} ${first.url}: the stream's connection broke after ${index} events.`,
          method: verb,
          url: first.url,
          status: first.status,
          cause: broken,
        });
      }
      attempts += 1;
      await sleep(reconnectionTime, signal);
      if (signal?.aborted) return;
      const accept = first.headers.get("Content-Type") ?? "text/event-stream";
      const { response, data, error } = await call(method, path, init, accept, lastEventId);
      if (response.status === 204) return;
      if (!response.ok) throw fromErrorResponse(error, response, verb);
      const message = `${verb} ${response.url}: the reconnected stream is not an event stream.`;
      if (streamFormatOf(response.headers.get("Content-Type") ?? "") !== "sse" || !(data instanceof ReadableStream))
        throw await notAStream(response, verb, message);
      body = data as ReadableStream<Uint8Array>;
    }
  }

  async function* read(method: string, path: string, init?: RuntimeInit, stream?: StreamOptions) {
    let opened: StreamOpened<unknown, ApiError>;
    try {
      opened = await open(method, path, init, stream);
    } catch (error) {
      // Cancelled before it opened: the query was cancelled, nothing to say.
      if (init?.signal?.aborted) return;
      throw toApiError(error, { method: method.toUpperCase(), url: path });
    }
    if (opened.error) throw opened.error;
    yield* opened.events;
  }

  function queryOptions(
    method: string,
    path: string,
    init?: RuntimeInit,
    options: StreamQueryOptions<unknown, unknown, string> & Record<string, unknown> = {},
  ) {
    const { accept, limits, reconnect, retryMs, refetchMode, reducer, initialValue, ...query } = options;
    const stream = { accept, limits, reconnect, retryMs };
    const streamFn = ({ signal }: { signal: AbortSignal }) => read(method, path, { ...init, signal }, stream);
    return {
      ...query,
      queryKey: [method, path, init, "stream"] as const,
      queryFn:
        reducer === undefined
          ? experimental_streamedQuery({ streamFn, refetchMode })
          : experimental_streamedQuery({ streamFn, refetchMode, reducer, initialValue }),
    };
  }

  return {
    open,
    read,
    queryOptions,
    useStream: (
      method: string,
      path: string,
      init?: RuntimeInit,
      options?: Record<string, unknown>,
      queryClient?: QueryClient,
    ) => useQuery(queryOptions(method, path, init, options), queryClient),
  } as unknown as ApiStreams<P>;
}
