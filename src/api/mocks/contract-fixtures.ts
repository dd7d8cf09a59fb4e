import { delay, http, HttpResponse, type HttpHandler } from "msw";
import type { ContractOperation, ContractSchemas } from "../contract-types";
import type { Manifest, ManifestOperation } from "../manifest-types";
import { createExchangeCheck, declaredStatus, isJsonMediaType, schemaPointer } from "./exchange-check";
import { createFixtureData, seedOf, type DataScenario } from "./fixture-data";
import { createOperationMatcher } from "./operation-matcher";
import { currentScenario, SLOW_DELAY_MS, type Scenario } from "./scenarios";
import { isPageCodeRequest, UNHANDLED_HEADER } from "./unhandled";
import { define, own } from "./own";
import { createValidator } from "./validator";
import { reportViolation, type Violation } from "./violations";

// Types of the contract's `operations` (openapi-typescript's), for typed overrides.
type Responses<Operation> = Operation extends { responses: infer R } ? R : never;
/** The statuses an operation declares, as openapi-typescript keys them (200, 404, "default"). */
export type StatusOf<Operation> = keyof Responses<Operation> & (number | string);
/** The body an operation declares for a status, whatever its media type. */
export type BodyOf<Operation, Status extends StatusOf<Operation>> = Responses<Operation>[Status] extends {
  content: infer Content;
}
  ? Content[keyof Content]
  : never;

/** Operations of a contract known only at run time (a test's, or a tool's): any status, any body. */
export type UntypedOperations = Record<
  string,
  { responses: Record<string | number, { content: Record<string, unknown> }> }
>;

type ContractResponse = ContractOperation["responses"][string];

/** Arguments for a call: `params` as openapi-fetch takes them, and the body with its media type. */
export interface SampleRequest {
  params: Partial<Record<"path" | "query" | "header", Record<string, unknown>>>;
  body?: unknown;
  mediaType?: string;
}

/** The scenarios that shape data; the others answer with the default data. */
function dataScenario(scenario: Scenario): DataScenario {
  return scenario === "empty" || scenario === "many" || scenario === "long-text" ? scenario : "default";
}

/** One generated or example body, ready to serve. */
interface Prepared {
  mediaType: string | null;
  /** Serialised once; each request gets a fresh copy by parsing nothing. */
  text: string;
  value: unknown;
}

/** What was answered: the gallery and contract coverage listen for it. */
export interface Exchange {
  operationId: string;
  status: string;
  request: Request;
}

/** MSW's lifecycle events, as both `setupServer()` and `setupWorker()` expose them. */
interface LifecycleEvents {
  on(event: "request:start", listener: (event: { request: Request; requestId: string }) => void): unknown;
  on(
    event: "response:mocked",
    listener: (event: { request: Request; requestId: string; response: Response }) => void,
  ): unknown;
  on(
    event: "response:bypass" | "request:unhandled" | "request:end",
    listener: (event: { requestId: string }) => void,
  ): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
}

/** How long `settled()` waits for requests still in flight (a `slow` answer takes SLOW_DELAY_MS). */
const SETTLE_TIMEOUT_MS = SLOW_DELAY_MS + 3000;

/** Copies of requests kept for their check; the oldest go past this many (requests that got no answer). */
const PENDING_REQUESTS = 500;

function concreteStatus(declared: string, fallback: number): number {
  if (/^\d{3}$/.test(declared)) return Number(declared);
  if (/^[1-5]XX$/i.test(declared)) return Number(declared[0]) * 100;
  return fallback;
}

/** A body as sent: JSON for JSON media types and ranges (`*\/*`), a text as it is otherwise. */
function serialise(value: unknown, mediaType: string): string {
  return typeof value === "string" && !isJsonMediaType(mediaType) && !mediaType.includes("*")
    ? value
    : JSON.stringify(value);
}

/**
 * The Content-Type to send: the declared media type, or for a declared range (`*\/*`,
 * `application/*`) JSON, which every range of these accepts.
 */
function contentTypeFor({ mediaType }: Prepared): string {
  const declared = mediaType ?? "application/octet-stream";
  if (!declared.includes("*")) return declared;
  return declared.startsWith("text/") ? "text/plain" : "application/json";
}

/** Bodies read as JSON first, then text, then the first declared. */
function preferredMediaType(types: string[]): string | undefined {
  return types.find(isJsonMediaType) ?? types.find((type) => type.startsWith("text/")) ?? types[0];
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * Generated error bodies say the status they answer with (a top-level `status`, or one
 * in an `error` object), as a number or as text, whichever the schema allows; problem
 * details (RFC 9457) also get the status's reason as their title. A designer reading
 * "404 Not Found" in an error state sees what the user will. Kept only when valid.
 */
function withErrorStatus(
  value: unknown,
  mediaType: string,
  numeric: number,
  valid: (value: unknown) => boolean,
): unknown {
  const problem = mediaType.includes("problem+json");
  if ((!problem && numeric < 400) || !isRecord(value)) return value;
  const withStatus = (target: Record<string, unknown>, status: unknown) => {
    const copy = { ...target };
    if (Object.hasOwn(copy, "status") || problem) define(copy, "status", status);
    if (problem && REASONS[numeric] !== undefined && Object.hasOwn(copy, "title"))
      define(copy, "title", REASONS[numeric]);
    return copy;
  };
  for (const status of [numeric, String(numeric)]) {
    const top = withStatus(value, status);
    const nested = own(value, "error");
    const candidate =
      isRecord(nested) && Object.hasOwn(nested, "status") ? { ...top, error: withStatus(nested, status) } : top;
    if (valid(candidate)) return candidate;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The mocks of one contract: a default answer for every operation and declared
 * status (the contract's example, else data generated from its schema), the
 * scenarios, typed one-line overrides, and a check of every mocked exchange against
 * the contract (hand-written handlers included) once `observe` is attached to the
 * MSW setup.
 *
 * @example
 * const fixtures = createFixtures<operations>(manifest, contract);
 * const server = setupServer(...fixtures.handlers);
 * fixtures.observe(server.events);
 * server.use(fixtures.respond("getNote", 404));
 */
export function createFixtures<Operations = UntypedOperations>(manifest: Manifest, contract: ContractSchemas) {
  const validator = createValidator(contract);
  const data = createFixtureData(contract, validator);
  const check = createExchangeCheck(contract, validator);
  const match = createOperationMatcher(manifest.operations);
  const byId = new Map(manifest.operations.map((operation) => [operation.operationId, operation]));
  const prepared = new Map<string, Prepared | null>();
  /** Requests answered from validated default data: their responses need no second check. */
  const trusted = new Set<string>();
  /** Requests the `unauthorized` scenario answered with a 401 the contract does not declare (security implies it). */
  const implied401 = new Set<string>();
  const pending = new Set<Promise<void>>();
  /** Requests for an operation that have started and not yet been answered (or given up). */
  const inFlight = new Set<string>();
  const requests = new Map<string, Request>();
  const exchangeListeners = new Set<(exchange: Exchange) => void>();
  const warned = new Set<string>();
  let defaultsOn = true;

  function operation(id: string): ManifestOperation {
    const found = byId.get(id);
    if (!found) throw new Error(`[mocks] The contract has no operation "${id}".`);
    return found;
  }

  function responsesOf(op: ManifestOperation): Record<string, { content: Record<string, unknown> }> {
    return own<ContractOperation>(contract.operations, op.operationId)?.responses ?? {};
  }

  /** The declared response a status names: itself when declared ("4XX", "default", 404), else its class or `default`. */
  function declaredKey(op: ManifestOperation, status: number | string): string {
    const text = String(status);
    const responses = responsesOf(op);
    if (Object.hasOwn(responses, text)) return text;
    return (/^\d{3}$/.test(text) ? declaredStatus(responses, Number(text)) : undefined) ?? text;
  }

  function successStatus(op: ManifestOperation): string | undefined {
    const statuses = op.responses.map((response) => response.status);
    return (
      statuses.filter((status) => /^2\d\d$/.test(status)).sort()[0] ??
      statuses.find((status) => /^2XX$/i.test(status)) ??
      statuses.find((status) => status === "default") ??
      statuses[0]
    );
  }

  function errorStatus(op: ManifestOperation): string | undefined {
    const statuses = op.responses.map((response) => response.status);
    return (
      statuses.filter((status) => /^[45](\d\d|XX)$/i.test(status)).sort()[0] ??
      statuses.find((status) => status === "default")
    );
  }

  /**
   * The body of the default answer for the declared `status` sent as `httpStatus`, in
   * `scenario`; null when the response has no body.
   */
  function prepare(
    op: ManifestOperation,
    status: string,
    scenario: DataScenario,
    httpStatus?: number,
  ): Prepared | null {
    const sent = httpStatus ?? concreteStatus(status, 500);
    const key = `${op.operationId}\n${status}\n${sent}\n${scenario}`;
    if (prepared.has(key)) return prepared.get(key) ?? null;
    const content = own<ContractResponse>(responsesOf(op), status)?.content ?? {};
    const mediaType = preferredMediaType(Object.keys(content));
    const media = mediaType === undefined ? undefined : content[mediaType];
    let result: Prepared | null = null;
    if (mediaType !== undefined && media !== undefined) {
      const pointer = schemaPointer(op.operationId, "responses", status, "content", mediaType, "schema");
      let value: unknown;
      let generatedValue = false;
      // The contract's own examples describe the usual case: they answer in the default scenario.
      if (scenario === "default") {
        value = media.examples.find((example, index) => {
          const failures = media.schema === undefined ? [] : validator.check(pointer, example);
          if (failures.length > 0 && !warned.has(`${pointer}#${index}`)) {
            warned.add(`${pointer}#${index}`);
            console.warn(
              `[mocks] ${op.operationId} → ${status}: the contract's example ${index + 1} does not match its schema ` +
                `(${failures.map((f) => `${f.pointer || "/"}: expected ${f.expected}, got ${f.actual}`).join("; ")}); ` +
                "generated data answers instead.",
            );
          }
          return failures.length === 0;
        });
      }
      if (value === undefined && media.schema !== undefined) {
        const generated = data.generate(pointer, {
          seed: seedOf(`${op.operationId} ${status} ${mediaType}`),
          scenario,
        });
        value = generated.value;
        generatedValue = true;
        for (const failure of generated.failures) {
          reportViolation({ operationId: op.operationId, status, place: "fixture data", ...failure });
        }
      }
      // The contract's examples are served as written; generated error bodies say the status sent.
      if (generatedValue) {
        value = withErrorStatus(
          value,
          mediaType,
          sent,
          (candidate) => validator.check(pointer, candidate).length === 0,
        );
      }
      result = { mediaType, text: value === undefined ? "" : serialise(value, mediaType), value };
    }
    prepared.set(key, result);
    return result;
  }

  function answer(status: number, body: Prepared | null): Response {
    if (body === null || body.text === "") return new HttpResponse(null, { status });
    return new HttpResponse(body.text, { status, headers: { "Content-Type": contentTypeFor(body) } });
  }

  /** The default answer of one operation, in the scenario the workbench or test chose. */
  async function resolve(op: ManifestOperation, requestId: string, scenario: Scenario): Promise<Response> {
    if (scenario === "offline") return HttpResponse.error();
    if (scenario === "slow") await delay(SLOW_DELAY_MS);
    const secured = op.security.length > 0 && op.security.every((alternative) => alternative.length > 0);
    if (scenario === "unauthorized" && secured) {
      const declared = declaredStatus(responsesOf(op), 401);
      if (declared === undefined) {
        implied401.add(requestId);
        return new HttpResponse(null, { status: 401 });
      }
      trusted.add(requestId);
      return answer(401, prepare(op, declared, "default", 401));
    }
    const status = scenario === "error" ? (errorStatus(op) ?? successStatus(op)) : successStatus(op);
    if (status === undefined) return new HttpResponse(null, { status: 204 });
    const isError = scenario === "error" && status === errorStatus(op);
    const sent = concreteStatus(status, isError ? 500 : 200);
    trusted.add(requestId);
    return answer(sent, prepare(op, status, isError ? "default" : dataScenario(scenario), sent));
  }

  /**
   * One handler answers for the whole contract, so that the contract's size does not
   * slow every request. Its predicate matches only the contract's operations: any
   * other request stays unhandled, and so fails (see ./unhandled).
   */
  const contractHandler = http.all(
    ({ request }) => defaultsOn && !isPageCodeRequest(request) && match(request.method, request.url) !== undefined,
    ({ request, requestId }) => {
      const found = match(request.method, request.url);
      return found ? resolve(found.operation, requestId, currentScenario()) : undefined;
    },
  );

  function watch(promise: Promise<void>): void {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  }

  function validateExchange(requestId: string, request: Request, response: Response): void {
    const found = match(request.method, request.url);
    const original = requests.get(requestId);
    requests.delete(requestId);
    inFlight.delete(requestId);
    if (!found) return;
    const { operation: op, params } = found;
    // The unhandled-request policy's answer is a failure already, reported by the policy.
    if (response.headers.has(UNHANDLED_HEADER)) return;
    const status = declaredStatus(responsesOf(op), response.status) ?? String(response.status);
    for (const listener of exchangeListeners) listener({ operationId: op.operationId, status, request });
    const skipResponse = trusted.delete(requestId);
    const allowUndeclared401 = implied401.delete(requestId);
    watch(
      (async () => {
        const violations: Violation[] = [];
        if (original) violations.push(...(await check.request(op, original, params)));
        if (!skipResponse)
          violations.push(
            ...(await check.response(op, response.clone(), { allowUndeclared401, method: request.method })),
          );
        violations.forEach(reportViolation);
      })().catch((error: unknown) => {
        // A schema the validator cannot compile (an invalid `pattern`, say) is the contract's
        // problem: it fails the test or story as a violation, not as a stray rejection.
        reportViolation({
          operationId: op.operationId,
          status: String(response.status),
          place: "response body",
          pointer: "",
          expected: "a schema the validator can compile",
          actual: error instanceof Error ? error.message : String(error),
        });
      }),
    );
  }

  return {
    /** The default handlers: one for the whole contract. */
    handlers: [contractHandler] as HttpHandler[],

    /**
     * Replaces one operation's answer, typed by the contract: `respond("getNote", 404)`
     * serves the contract's default 404; with a body, that body (checked at run time too).
     *
     * @example
     * parameters: { msw: { handlers: [fixtures.respond("listNotes", 200, [])] } }
     */
    respond<Id extends keyof Operations & string, Status extends StatusOf<Operations[Id]>>(
      id: Id,
      status: Status,
      body?: BodyOf<Operations[Id], Status>,
    ): HttpHandler {
      const op = operation(id);
      const declared = declaredKey(op, status);
      const numeric = concreteStatus(String(status), 500);
      return http.all(
        ({ request }) => match(request.method, request.url)?.operation === op,
        async ({ requestId }) => {
          if (body !== undefined) {
            const content = Object.keys(own<ContractResponse>(responsesOf(op), declared)?.content ?? {});
            const mediaType = preferredMediaType(content) ?? "application/json";
            return answer(numeric, { mediaType, text: serialise(body, mediaType), value: body });
          }
          // The contract's data for this status, in the scenario the workbench or test chose
          // (the status itself is the override's: `error` and `unauthorized` do not change it).
          const scenario = currentScenario();
          if (scenario === "offline") return HttpResponse.error();
          if (scenario === "slow") await delay(SLOW_DELAY_MS);
          trusted.add(requestId);
          return answer(numeric, prepare(op, declared, dataScenario(scenario), numeric));
        },
      );
    },

    /**
     * Valid arguments to call an operation with, generated from its parameters' and
     * body's schemas: required parameters only (path parameters always).
     *
     * @example
     * const { params, body } = fixtures.sampleRequest("getNote"); // { params: { path: { id: "…" } } }
     */
    sampleRequest(id: keyof Operations & string): SampleRequest {
      const op = operation(id);
      const contractOperation = own<ContractOperation>(contract.operations, id);
      const params: SampleRequest["params"] = {};
      contractOperation?.parameters.forEach((parameter, index) => {
        if (!parameter.required || parameter.schema === undefined || parameter.in === "cookie") return;
        const pointer = schemaPointer(id, "parameters", String(index), "schema");
        const { value } = data.generate(pointer, {
          seed: seedOf(`${id} ${parameter.in} ${parameter.name}`),
          scenario: "default",
        });
        define((params[parameter.in] ??= {}), parameter.name, value);
      });
      const body = contractOperation?.requestBody;
      const mediaType = body ? preferredMediaType(Object.keys(body.content)) : undefined;
      if (!body || mediaType === undefined || body.content[mediaType]?.schema === undefined) return { params };
      const pointer = schemaPointer(id, "requestBody", "content", mediaType, "schema");
      const example = body.content[mediaType]?.examples.find(
        (candidate) => validator.check(pointer, candidate).length === 0,
      );
      const value =
        example ?? data.generate(pointer, { seed: seedOf(`${op.operationId} body`), scenario: "default" }).value;
      return { params, body: value, mediaType };
    },

    /**
     * The data the default fixture serves for an operation and status, in a scenario
     * (what a test asserts the screen shows).
     *
     * @example
     * const notes = fixtures.fixture("listNotes", 200);
     * expect(await screen.findByText(notes[0].title)).toBeVisible();
     */
    fixture<Id extends keyof Operations & string, Status extends StatusOf<Operations[Id]>>(
      id: Id,
      status: Status,
      scenario: DataScenario = "default",
    ): BodyOf<Operations[Id], Status> {
      const op = operation(id);
      const declared = declaredKey(op, status);
      return prepare(op, declared, scenario)?.value as BodyOf<Operations[Id], Status>;
    },

    /**
     * Checks every exchange the MSW setup mocks from now on, whichever handler answered.
     * Violations are reported (`takeViolations`); returns the detach function.
     */
    observe(events: LifecycleEvents): () => void {
      const onStart = ({ request, requestId }: { request: Request; requestId: string }) => {
        // Kept before any handler reads the body.
        if (!match(request.method, request.url)) return;
        requests.set(requestId, request.clone());
        inFlight.add(requestId);
        // A request that is never answered (a network error, an aborted fetch) leaves its copy behind.
        if (requests.size > PENDING_REQUESTS) requests.delete(requests.keys().next().value ?? "");
      };
      const onMocked = ({
        request,
        requestId,
        response,
      }: {
        request: Request;
        requestId: string;
        response: Response;
      }) => validateExchange(requestId, request, response);
      const onDone = ({ requestId }: { requestId: string }) => inFlight.delete(requestId);
      // `request:end` can come before `response:mocked` (a microtask later in Node): let the check start first.
      const onEnd = ({ requestId }: { requestId: string }) => void setTimeout(() => inFlight.delete(requestId), 0);
      events.on("request:start", onStart);
      events.on("response:mocked", onMocked);
      events.on("response:bypass", onDone);
      events.on("request:unhandled", onDone);
      events.on("request:end", onEnd);
      return () => {
        events.removeListener("request:start", onStart);
        events.removeListener("response:mocked", onMocked);
        events.removeListener("response:bypass", onDone);
        events.removeListener("request:unhandled", onDone);
        events.removeListener("request:end", onEnd);
      };
    },

    /**
     * Turns the default answers off (or back on): every request then needs a handler of
     * its own, and one without gets the unhandled answer (`501`, naming the operation).
     * A story sets `parameters: { defaultFixtures: false }`; tests call it directly.
     */
    setDefaults(on: boolean): void {
      defaultsOn = on;
    },

    /**
     * Resolves once every request seen so far has been answered and its exchange
     * checked (a test's or story's last requests included), or after a few seconds for
     * a request that never ends.
     */
    async settled(): Promise<void> {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      while ((inFlight.size > 0 || pending.size > 0) && Date.now() < deadline) {
        if (pending.size > 0) await Promise.all([...pending]);
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    /** Calls `listener` for each mocked exchange of an operation; returns the unsubscribe. */
    onExchange(listener: (exchange: Exchange) => void): () => void {
      exchangeListeners.add(listener);
      return () => exchangeListeners.delete(listener);
    },

    /** Names the operation a request is for, or undefined (the unhandled-request message uses it). */
    operationFor(request: Request): string | undefined {
      return match(request.method, request.url)?.operation.operationId;
    },

    manifest,
    contract,
    validator,
  };
}

export type Fixtures<Operations = UntypedOperations> = ReturnType<typeof createFixtures<Operations>>;
