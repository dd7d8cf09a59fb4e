import { boundedChunks, type ReadLimits } from "./bounded-read.ts";
import { streamFormatOf } from "@contract-workbench/runtime/streams";

/** Its time and bytes are the exchange's. */
export const STREAM_EVENTS = 100;

export function isStreamed(response: Response): boolean {
  return response.body !== null && streamFormatOf(response.headers.get("content-type") ?? "") !== undefined;
}

/** Read only when the reader asks (nothing buffered ahead); cancelling it calls `cancel`. */
export function pulledStream(
  next: () => Promise<{ done: true } | { done?: false; value: Uint8Array }>,
  cancel: (reason: unknown) => Promise<unknown>,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const read = await next();
        if (read.done) controller.close();
        else controller.enqueue(read.value);
      },
      async cancel(reason) {
        await cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A limit errors it; cancelling it cancels `body`. */
export function boundedStream(body: ReadableStream<Uint8Array>, limits: ReadLimits): ReadableStream<Uint8Array> {
  const chunks = boundedChunks(body, limits);
  return pulledStream(
    () => chunks.next(),
    () => chunks.return(undefined),
  );
}

export function streamSummary(mediaType: string, items: number, stopped: string | undefined): string {
  return `a ${mediaType} stream: ${items} event${items === 1 ? "" : "s"} checked${stopped === undefined ? ", to its end" : `, then ${stopped}`}`;
}
