import { boundedChunks, type ReadLimits } from "./bounded-read.ts";
import { streamFormatOf } from "@contract-workbench/runtime/streams";

/** Its time and bytes are the exchange's. */
export const STREAM_EVENTS = 100;

export function isStreamed(response: Response): boolean {
  return response.body !== null && streamFormatOf(response.headers.get("content-type") ?? "") !== undefined;
}

/** A limit errors it; cancelling it cancels `body`. */
export function boundedStream(body: ReadableStream<Uint8Array>, limits: ReadLimits): ReadableStream<Uint8Array> {
  const chunks = boundedChunks(body, limits);
  return new ReadableStream<Uint8Array>(
    {
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

export function streamSummary(mediaType: string, items: number, stopped: string | undefined): string {
  return `a ${mediaType} stream: ${items} event${items === 1 ? "" : "s"} checked${stopped === undefined ? ", to its end" : `, then ${stopped}`}`;
}
