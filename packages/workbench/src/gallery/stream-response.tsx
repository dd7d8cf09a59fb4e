import { useId, useMemo } from "react";
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import type { StreamItem } from "@contract-workbench/runtime/streams";
import type { ContractMediaType, JsonSchema } from "../contract/contract-types.ts";
import { schemaPointer } from "../contract/pointer.ts";
import { isRecord } from "../contract/records.ts";
import { ApiError } from "@contract-workbench/runtime";
import type { SampleRequest } from "../fixtures/contract-fixtures.ts";
import { Button, ErrorState, Spinner } from "virtual:contract-workbench/product";
import { declaredResponse, type GallerySource, type RuntimeStreams } from "./gallery-source.ts";
import { OperationHeading } from "./operation-heading.tsx";
import { bodyInit } from "./request-init.ts";
import { ResponseHeaders, useResponseHeaders } from "./response-headers.tsx";
import { SchemaView } from "./schema-view.tsx";
import { failureText, failureVerdict, type Verdict, VerdictLine } from "./verdict.tsx";
import "./operation-response.css";
import "./stream-response.css";

export interface StreamResponseProps {
  source: GallerySource;
  operation: ManifestOperation;
  status: string;
  mediaType: string;
  media: ContractMediaType;
  sample: SampleRequest;
  streams: RuntimeStreams;
}

/** An SSE event's data with the item schema's `data`; any other item whole. */
function shown(media: ContractMediaType, item: unknown): { value: unknown; schema: JsonSchema | undefined } {
  const items = isRecord(media.schema) ? media.schema.items : undefined;
  if (media.stream?.format !== "sse" || !isRecord(item))
    return { value: item, schema: items as JsonSchema | undefined };
  const properties = isRecord(items) ? items.properties : undefined;
  const data = isRecord(properties) ? (properties.data as JsonSchema | undefined) : undefined;
  return { value: item.data, schema: data };
}

function streamVerdict(
  source: GallerySource,
  pointer: string,
  status: string,
  mediaType: string,
  items: ReadonlyArray<StreamItem<unknown>>,
): Verdict {
  const problems: string[] = [];
  for (const item of items) {
    if (item.error !== undefined) {
      // A connection that breaks is the network's doing (the `broken` scenario), not the contract's.
      if (item.error.kind !== "truncated" && item.error.kind !== "limit") problems.push(item.error.message);
      continue;
    }
    for (const failure of source.validator.check(`${pointer}/items`, item.value))
      problems.push(`event ${item.index + 1}, ${failureText(failure)}`);
  }
  if (problems.length > 0) return { kind: "invalid", problems };
  const count = items.filter((item) => item.error === undefined).length;
  return { kind: "valid", what: `${status}, ${mediaType}, ${count} event${count === 1 ? "" : "s"}` };
}

export function StreamResponse({ source, operation, status, mediaType, media, sample, streams }: StreamResponseProps) {
  const headingId = useId();
  const listId = useId();
  const { operationId } = operation;
  const place = `${operationId} ${status}`;
  const arrived = useResponseHeaders();
  const init = useMemo(
    () => ({ params: sample.params, ...bodyInit(sample), middleware: [arrived.middleware] }),
    [sample, arrived.middleware],
  );
  const query = streams.useStream(operation.method, operation.path, init, { accept: mediaType, retry: false });
  const items = query.data ?? [];
  const streaming = query.fetchStatus === "fetching" && !query.isPending;
  const state = query.isPending ? "loading" : streaming ? "streaming" : query.isError ? "error" : "success";
  const { responses, declared } = declaredResponse(source, operationId, status);
  const pointer = schemaPointer(operationId, "responses", status, "content", mediaType, "schema");

  let verdict: Verdict | undefined;
  if (state === "error" || state === "success") {
    const error = query.error;
    const answered = error instanceof ApiError ? error.status : undefined;
    verdict =
      error && items.length === 0
        ? failureVerdict(answered, responses, status, "stream", () => ({
            kind: "none",
            why: `HTTP ${answered} arrived instead of the stream.`,
          }))
        : streamVerdict(source, pointer, status, mediaType, items);
  }

  const count = items.filter((item) => item.error === undefined).length;
  const progress = query.isPending
    ? "Waiting for the first event…"
    : `${count} event${count === 1 ? "" : "s"}${streaming ? ", more arriving…" : query.isError ? ", then the stream failed." : ", the stream ended."}`;

  return (
    <article className="operation-response stream-response" aria-labelledby={headingId}>
      <OperationHeading id={headingId} operation={operation} status={status} mediaType={mediaType} />
      <div
        className="operation-response__result"
        data-state={state}
        data-count={items.length}
        aria-busy={query.isPending || streaming || undefined}
      >
        <div className="stream-response__bar">
          <p className="stream-response__progress" role="status">
            {progress}
          </p>
          <Button
            variant="secondary"
            size="sm"
            loading={streaming || query.isPending}
            aria-controls={listId}
            onClick={() => void query.refetch()}
          >
            Play again
          </Button>
        </div>
        {query.isPending ? <Spinner label={`Calling ${operationId}…`} /> : null}
        <ol className="stream-response__events" id={listId} aria-label={`Events of ${place}`}>
          {items.map((item) => {
            const event = item.error === undefined && isRecord(item.value) ? item.value : undefined;
            const type = typeof event?.event === "string" ? event.event : item.error?.event;
            const id = typeof event?.id === "string" ? event.id : item.error?.id;
            const view = item.error === undefined ? shown(media, item.value) : undefined;
            return (
              <li
                key={item.index}
                className="stream-response__event"
                data-index={item.index}
                data-kind={item.error === undefined ? "event" : item.error.kind}
              >
                <p className="stream-response__meta">
                  <span>#{item.index + 1}</span>
                  {media.stream?.format === "sse" ? <span>{type ?? "message"}</span> : null}
                  {id === undefined ? null : <span>id {id}</span>}
                </p>
                {view === undefined ? (
                  <p className="stream-response__problem">{item.error?.message}</p>
                ) : (
                  <SchemaView
                    label={`Event ${item.index + 1}`}
                    // Each event's tables are regions named apart from the other events' (axe's landmark-unique).
                    place={`${place} event ${item.index + 1}`}
                    value={view.value}
                    schema={view.schema}
                    schemas={source.contract.components.schemas}
                  />
                )}
              </li>
            );
          })}
        </ol>
        {query.isError ? (
          <ErrorState error={query.error} headingLevel={3} onRetry={() => void query.refetch()} />
        ) : null}
        {query.isPending ? null : (
          <ResponseHeaders declared={declared?.headers} headers={arrived.headers} status={status} place={place} />
        )}
      </div>
      {verdict ? <VerdictLine verdict={verdict} /> : null}
    </article>
  );
}
