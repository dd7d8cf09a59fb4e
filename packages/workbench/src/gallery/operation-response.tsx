import { useId, useMemo, type ReactNode } from "react";
import type { JsonSchema } from "../contract/contract-types.ts";
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { schemaPointer } from "../contract/pointer.ts";
import type { SampleRequest } from "../fixtures/contract-fixtures.ts";
import { declaredResponse, type GallerySource, type RuntimeHooks, type RuntimeStreams } from "./gallery-source.ts";
import { OperationHeading } from "./operation-heading.tsx";
import { bodyInit } from "./request-init.ts";
import { StreamResponse } from "./stream-response.tsx";
import { UnsendableRequest } from "./unsendable-request.tsx";
import { ApiError, createApiClient, createApiStreams, isJsonContentType } from "@contract-workbench/runtime";
import { api, EmptyState, ErrorState, Spinner } from "virtual:contract-workbench/product";
import { allowsString } from "./schema-shape.ts";
import { examplePlaces } from "./example-places.ts";
import { SchemaView } from "./schema-view.tsx";
import { ResponseHeaders, useResponseHeaders } from "./response-headers.tsx";
import { check, failureVerdict, type Verdict, VerdictLine } from "./verdict.tsx";
import "./operation-response.css";

export interface OperationResponseProps {
  source: GallerySource;
  operationId: string;
  /** As declared ("200", "4XX", "default"); a handler must answer with it. */
  status: string;
  /** A stream pair's stream, asked for by `Accept`. */
  mediaType?: string | undefined;
  /** The app's by default: the same path every screen's calls take. */
  hooks?: RuntimeHooks | undefined;
  streams?: RuntimeStreams | undefined;
}

/** JSON first, then text, then whatever is declared: what the fixtures answer with too. */
function preferredMediaType(types: string[]): string | undefined {
  return types.find(isJsonContentType) ?? types.find((type) => type.startsWith("text/")) ?? types[0];
}

function parseAsFor(mediaType: string | undefined): "json" | "text" | "blob" {
  if (mediaType === undefined || isJsonContentType(mediaType)) return "json";
  return mediaType.startsWith("text/") ? "text" : "blob";
}

function fromJsonText(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

const PROBLEM_MEMBERS = new Set(["type", "title", "status", "detail", "instance"]);

/** An error body saying more than ErrorState (plain JSON, problem details' extension members) is shown. */
function showsBody(error: unknown): boolean {
  const body: unknown = error instanceof ApiError ? error.body : undefined;
  if (!(error instanceof ApiError) || typeof body !== "object" || body === null) return false;
  if (error.kind === "http") return true;
  return error.kind === "problem" && Object.keys(body).some((member) => !PROBLEM_MEMBERS.has(member));
}

function Body({
  value,
  schema,
  source,
  place,
}: {
  value: unknown;
  schema: JsonSchema | undefined;
  source: GallerySource;
  /** The operation and status: a gallery batch shows several responses on one page. */
  place: string;
}) {
  if (value instanceof Blob) {
    return (
      <p className="operation-response__binary">
        A binary body: {value.size} bytes{value.type ? ` of ${value.type}` : ""}.
      </p>
    );
  }
  return (
    <SchemaView
      label="Response body"
      place={place}
      value={value}
      schema={schema}
      schemas={source.contract.components.schemas}
    />
  );
}

const MAX_PLACES = 12;

function ExamplesLine({ places }: { places: string[] }) {
  if (places.length === 0) return null;
  const shown = places.slice(0, MAX_PLACES).join(", ");
  const more = places.length > MAX_PLACES ? ` and ${places.length - MAX_PLACES} more` : "";
  return (
    <p className="operation-response__examples">
      From the contract&apos;s examples: {shown}
      {more}. The other values fit their fields.
    </p>
  );
}

function AnsweredResponse({
  source,
  operationId,
  status,
  hooks,
  sample,
  operation,
}: OperationResponseProps & { sample: SampleRequest; operation: ManifestOperation }) {
  const headingId = useId();
  const place = `${operationId} ${status}`;
  const { responses, declared } = declaredResponse(source, operationId, status);
  const content = declared?.content ?? {};
  const mediaType = preferredMediaType(Object.keys(content));
  const schema = mediaType === undefined ? undefined : content[mediaType]?.schema;
  // The hooks give the data, not the response: a middleware of the call keeps its headers.
  const arrived = useResponseHeaders();
  const init = useMemo(
    () => ({
      params: sample.params,
      parseAs: parseAsFor(mediaType),
      ...bodyInit(sample),
      middleware: [arrived.middleware],
    }),
    [sample, mediaType, arrived.middleware],
  );
  // The app's binding types its hooks for its own contract; the package compiles without it (`unknown`).
  const productHooks: unknown = api;
  const runtimeHooks = hooks ?? (productHooks as RuntimeHooks);
  const query = runtimeHooks.useQuery(operation.method, operation.path, init);
  // A text type whose schema allows no string carries the value's JSON text (the fixtures' `serialise`): read as JSON.
  const jsonText =
    mediaType !== undefined &&
    parseAsFor(mediaType) === "text" &&
    schema !== undefined &&
    !allowsString(schema, source.contract.components.schemas);
  const read = (body: unknown) => (jsonText ? fromJsonText(body) : body);

  let view: ReactNode;
  let verdict: Verdict | undefined;
  if (query.isPending) {
    view = <Spinner label={`Calling ${operationId}…`} />;
  } else if (query.isError) {
    const error = query.error;
    const answered = error instanceof ApiError ? error.status : undefined;
    const body = error instanceof ApiError ? read(error.body) : undefined;
    view = (
      <>
        <ErrorState error={error} headingLevel={3} onRetry={() => void query.refetch()} />
        {showsBody(error) ? <Body value={body} schema={schema} source={source} place={place} /> : null}
      </>
    );
    verdict = failureVerdict(answered, responses, status, "response", () =>
      check(source.validator, operationId, status, mediaType, schema, body),
    );
  } else {
    // The hooks give `null` for an empty body (204, or Content-Length 0).
    const data = read(query.data);
    const empty = data === undefined || data === "" || (data === null && mediaType === undefined);
    view = empty ? (
      <EmptyState
        headingLevel={3}
        title="No content"
        description={`HTTP ${status}: the response has no body${mediaType === undefined ? ", as the contract declares" : ""}.`}
      />
    ) : (
      <>
        <Body value={data} schema={schema} source={source} place={place} />
        {mediaType !== undefined && schema !== undefined ? (
          <ExamplesLine
            places={examplePlaces(
              source,
              schemaPointer(operationId, "responses", status, "content", mediaType, "schema"),
              data,
              content[mediaType]?.examples ?? [],
            )}
          />
        ) : null}
      </>
    );
    verdict = check(source.validator, operationId, status, mediaType, schema, empty ? undefined : data);
  }

  // A response the contract makes impossible (an empty enum it requires) is shown as such, not failed.
  const impossible = source.unsatisfiable?.(operationId, status);
  if (impossible !== undefined && !query.isPending) {
    verdict = {
      kind: "none",
      why: `Unsatisfiable: no body can answer ${status}, since its schema requires ${impossible}.`,
    };
  }

  return (
    <article className="operation-response" aria-labelledby={headingId}>
      <OperationHeading id={headingId} operation={operation} status={status} mediaType={mediaType} />
      <div
        className="operation-response__result"
        data-state={query.isPending ? "loading" : query.isError ? "error" : "success"}
        aria-busy={query.isPending || undefined}
      >
        {view}
        {query.isPending ? null : (
          <ResponseHeaders declared={declared?.headers} headers={arrived.headers} status={status} place={place} />
        )}
      </div>
      {verdict ? <VerdictLine verdict={verdict} /> : null}
    </article>
  );
}

const sourceStreams = new WeakMap<GallerySource, RuntimeStreams>();

function streamsOf(source: GallerySource): RuntimeStreams {
  let streams = sourceStreams.get(source);
  if (streams === undefined) {
    const client = createApiClient({ operations: source.manifest.operations });
    streams = createApiStreams(client, { manifest: source.manifest });
    sourceStreams.set(source, streams);
  }
  return streams;
}

export function OperationResponse(props: OperationResponseProps) {
  const { source, operationId } = props;
  // One sample request per story: what it shows as unsendable is what it would have sent.
  const sample = useMemo(() => source.sampleRequest(operationId), [source, operationId]);
  const operation = source.manifest.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`The contract has no operation "${operationId}".`);
  const content = declaredResponse(source, operationId, props.status).declared?.content ?? {};
  // A stream pair asks for its stream; a status whose preferred media type streams answers with it.
  const streamed = props.mediaType ?? preferredMediaType(Object.keys(content));
  const media = streamed === undefined ? undefined : content[streamed];
  if (sample.unsendable !== undefined) {
    return (
      <UnsendableRequest operation={operation} status={props.status} mediaType={streamed} reasons={sample.unsendable} />
    );
  }
  if (streamed !== undefined && media?.stream !== undefined) {
    return (
      <StreamResponse
        source={source}
        operation={operation}
        status={props.status}
        mediaType={streamed}
        media={media}
        sample={sample}
        streams={props.streams ?? streamsOf(source)}
      />
    );
  }
  return <AnsweredResponse {...props} sample={sample} operation={operation} />;
}
