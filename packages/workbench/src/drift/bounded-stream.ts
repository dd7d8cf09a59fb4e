// A real server's stream, read within the exchange's bounds; whichever stops first cancels the body.
import { boundedChunks, type ReadLimits } from "./bounded-read.ts";
import { streamFormatOf } from "@contract-workbench/runtime/streams";

/** How many events of a stream a drift check reads (its time and bytes are the exchange's). */
export const STREAM_EVENTS = 100;

/** Whether an answer is a stream (SSE, JSON Lines, JSON text sequences), checked as it arrives. */
export function isStreamed(response: Response): boolean {
  return response.body !== null && streamFormatOf(response.headers.get("content-type") ?? "") !== undefined;
}

/** `body` as a stream through `boundedChunks` (a limit errors it); cancelling it cancels `body`. */
export function boundedStream(body: ReadableStream<Uint8Array>, limits: ReadLimits): ReadableStream<Uint8Array> {
  const chunks = boundedChunks(body, limits);
  return new ReadableStream<Uint8Array>(
    {
      // A read that fails (a BoundedReadError) errors the stream with its error.
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** One line on what a stream's check read: how many events, and what stopped it before its end. */
export function streamSummary(mediaType: string, items: number, stopped: string | undefined): string {
  return `a ${mediaType} stream: ${items} event${items === 1 ? "" : "s"} checked${stopped === undefined ? ", to its end" : `, then ${stopped}`}`;
}
