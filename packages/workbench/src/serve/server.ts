// The mock server: one contract's fixtures over HTTP (no second router), with request checks, `Prefer`, CORS, bounds.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { watch } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, dirname } from "node:path";
import type { RequestHandler } from "msw";
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { readRecording } from "../contract/generated.ts";
import { declaredMediaType, declaredStatus } from "../contract/media-and-status.ts";
import { createExchangeCheck } from "../fixtures/check/exchange-check.ts";
import { createFixtures, type Fixtures } from "../fixtures/contract-fixtures.ts";
import { createFixturesSession } from "../fixtures/fixtures-session.ts";
import type { LifecycleEvents } from "../fixtures/worker/exchange-monitor.ts";
import { createOperationMatcher } from "../fixtures/answer/operation-matcher.ts";
import { createPathFit } from "../fixtures/answer/path-fit.ts";
import { createVariantChooser } from "../fixtures/answer/variants.ts";
import { textOnlyResponse } from "../fixtures/answer/text-body.ts";
import { isScenario, SCENARIO_NAMES, type Scenario } from "../fixtures/scenarios.ts";
import { closestOperations } from "./closest.ts";
import { challenges, credentialHeaders, missingCredentials } from "./credentials.ts";
import { BodyTooLarge, readForSending, sendFetchResponse, toFetchRequest, type ReadAnswer } from "./node-bridge.ts";
import { readPrefer, type Preference } from "./prefer.ts";
import { listErrors, operationPointer, problemResponse, type Problem } from "../fixtures/check/problem-details.ts";
import { requestErrors } from "./problems.ts";
import { loadServedContract, type ServedContract } from "./served-contract.ts";

/** The route that puts the stateful store back to its seed. */
export const RESET_PATH = "/__workbench/reset";

export interface MockServerOptions {
  root: string;
  /** The contract's name in the registry; the product's when absent. */
  contract?: string | undefined;
  /** The scenario answers are in unless a request prefers another. */
  scenario?: Scenario;
  /** The largest request body read, in bytes (413 past it). */
  bodyLimit?: number;
  /** How many records the stateful store may hold; a create past it is refused (507) until a reset. */
  maxRecords?: number;
  /** Node's timeouts, in milliseconds: the whole request, its headers, an idle connection. */
  timeouts?: { request?: number; headers?: number; idle?: number; keepAlive?: number };
  /** Where the one line per exchange goes (stdout by default). */
  log?: (line: string) => void;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_MAX_RECORDS = 10_000;

/** A log line's path: control characters shown escaped, so that a request cannot forge log lines. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what it looks for
  return text.replace(/[\x00-\x1f\x7f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** A request whose body a check may read, leaving the original's for the handlers (one without a body is shared). */
function readable(request: Request): Request {
  return request.body === null ? request : request.clone();
}

/** The handlers' answer as MSW's `getResponse` finds it, under the `requestId` the exchange monitor hears. */
async function handlersResponse(handlers: RequestHandler[], request: Request, requestId: string) {
  for (const handler of handlers) {
    const result = await handler.run({ request, requestId });
    if (result?.response) return result.response;
  }
  return undefined;
}

/** Log lines written to stdout once per turn of the event loop: one write, not one system call per line. */
function batchedStdout(): (line: string) => void {
  let lines: string[] = [];
  return (line) => {
    if (lines.push(line) > 1) return;
    setImmediate(() => {
      const text = `${lines.join("\n")}\n`;
      lines = [];
      process.stdout.write(text);
    });
  };
}

/** A server's path (`/v1/{tenant}`) as a pattern a request's prefix must fill: each `{variable}` one segment. */
function serverPathPattern(path: string): RegExp {
  const parts = path.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]+")}$`);
}

/** The header parameters a browser may send for an operation (the server's own are `baseHeaders`). */
function requestHeaderNames(op: ManifestOperation): string[] {
  return op.parameters.filter((each) => each.in === "header").map((each) => each.name.toLowerCase());
}

/** What answers the requests for one contract, from its generated files as they are now. */
function createContractAnswers(options: MockServerOptions, origin: () => string) {
  const served = loadServedContract(options.root, options.contract);
  const { manifest, contract, schemes } = served;
  const defaultScenario = options.scenario ?? "default";
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_RECORDS;
  const log = options.log ?? batchedStdout();

  // A request's `Prefer: scenario=` holds for that request only, however many run at once.
  const preferred = new AsyncLocalStorage<Scenario>();
  const session = { ...createFixturesSession(), scenario: (): Scenario => preferred.getStore() ?? defaultScenario };
  // What the session keeps is logged once and let go: a server runs for days.
  session.onViolation(() => void session.takeViolations());
  const recording = readRecording(options.root, served.entry);
  const fixtures = createFixtures(manifest, contract, {
    session,
    ...(recording ? { recording } : {}),
    fieldRules: served.entry.fieldRules,
    // The server writes each answer's text itself (./node-bridge.ts): no body stream is built for it.
    text: textOnlyResponse,
  });
  const events = new EventEmitter();
  // The monitor checks each answer as in the tests; requests are checked before they are answered, below.
  fixtures.observe(events as unknown as LifecycleEvents, { checkRequests: false });
  // As the fixtures match, but only at the root or under a server's path, no other prefix.
  const bases = (manifest.servers ?? []).map(serverPathPattern);
  const match = createOperationMatcher(manifest.operations, {
    fits: createPathFit(contract, fixtures.validator),
    under: (prefix) => prefix === "" || bases.some((base) => base.test(prefix)),
  });
  const check = createExchangeCheck(contract, fixtures.validator);
  const choose = createVariantChooser(contract, check);
  const methods = [...new Set(manifest.operations.map((op) => op.method.toUpperCase()))];
  const baseHeaders = ["content-type", "accept", "prefer", "last-event-id", ...credentialHeaders(schemes)];

  function corsHeaders(request: Request, op?: ManifestOperation): Record<string, string> {
    const origin = request.headers.get("origin");
    if (origin === null) return {};
    const exposed = new Set(["link", "location"]);
    for (const response of op?.responses ?? [])
      for (const name of response.headers ?? []) exposed.add(name.toLowerCase());
    return {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Expose-Headers": [...exposed].join(", "),
      Vary: "Origin",
    };
  }

  /** A preflight, answered from the methods and headers of the operations on the path. */
  function preflight(request: Request): Response {
    const ops = methods.flatMap((method) => match(method, request.url)?.variants ?? []);
    if (ops.length === 0) return unknownPath(request);
    const allowed = [...new Set(ops.map((op) => op.method.toUpperCase()))];
    const headers = [...new Set([...baseHeaders, ...ops.flatMap(requestHeaderNames)])];
    return new Response(null, {
      status: 204,
      headers: {
        ...corsHeaders(request),
        "Access-Control-Allow-Methods": allowed.join(", "),
        "Access-Control-Allow-Headers": headers.join(", "),
        "Access-Control-Max-Age": "600",
      },
    });
  }

  function unknownPath(request: Request): Response {
    const { pathname } = new URL(request.url);
    const other = methods.filter((method) => method !== request.method && match(method, request.url) !== undefined);
    if (other.length > 0) {
      const detail = `The contract declares ${other.join(", ")} on ${pathname}, not ${request.method}.`;
      const headers = { Allow: other.join(", "), ...corsHeaders(request) };
      return problemResponse({ status: 405, title: "Method Not Allowed", detail }, headers);
    }
    const closest = closestOperations(manifest.operations, request.method, pathname);
    const detail =
      closest.length === 0
        ? `${manifest.title} has no operations yet: write the contract, then run \`npm run api\` and start the server again.`
        : `No operation of ${manifest.title} answers ${request.method} ${pathname}; the closest are ${closest.join("; ")}.`;
    return problemResponse({ status: 404, title: "Not Found", detail, closest }, corsHeaders(request));
  }

  function refused(op: ManifestOperation, request: Request, problem: Problem, headers: Record<string, string> = {}) {
    return problemResponse({ ...problem, operationId: op.operationId }, { ...headers, ...corsHeaders(request) });
  }

  /** The problem for a request the contract does not allow, or undefined when it may be answered. */
  async function requestProblem(op: ManifestOperation, request: Request, params: Record<string, string>) {
    const missing = missingCredentials(op, request, schemes);
    if (missing !== undefined) {
      const rule = missing.map((alternative) => alternative.join(" and ")).join("; or ");
      const at = `${operationPointer(op)}/security`;
      const error = { in: "credentials", field: "", rule, actual: "none sent", contract: at };
      const detail = `${op.operationId} requires credentials: ${rule}.`;
      const problem = { status: 401, title: "Unauthorized", detail, errors: [error] };
      return refused(op, request, problem, challenges(op, schemes));
    }
    const body = contract.operations[op.operationId]?.requestBody;
    const contentType = request.headers.get("content-type");
    const declared = Object.keys(body?.content ?? {});
    const mediaType = contentType === null ? undefined : declaredMediaType(declared, contentType);
    if (body && request.body !== null && contentType !== null && mediaType === undefined) {
      const at = `${operationPointer(op)}/requestBody/content`;
      const error = { in: "header", field: "Content-Type", rule: `one of ${declared.join(", ")}`, actual: contentType };
      const detail = `${op.operationId} takes ${declared.join(", ")}, not ${contentType}.`;
      const problem = { status: 415, title: "Unsupported Media Type", detail, errors: [{ ...error, contract: at }] };
      return refused(op, request, problem);
    }
    const violations = await check.request(op, readable(request), params);
    if (violations.length === 0) return undefined;
    const errors = requestErrors(op, violations, mediaType);
    const detail = `${op.operationId}: ${listErrors(errors)}.`;
    return refused(op, request, { status: 400, title: "Bad Request", detail, errors });
  }

  /** The handler a `Prefer` header asks for, a problem when it asks for what the contract lacks, or the defaults. */
  function preferredHandlers(op: ManifestOperation, request: Request, prefer: Preference): RequestHandler[] | Response {
    if (prefer.code === undefined && prefer.example === undefined && prefer.scenario === undefined)
      return fixtures.handlers;
    const responses = contract.operations[op.operationId]?.responses ?? {};
    const statuses = Object.keys(responses);
    const bad = (detail: string) => refused(op, request, { status: 400, title: "Bad Request", detail });
    if (prefer.scenario !== undefined && !isScenario(prefer.scenario))
      return bad(
        `Prefer: scenario=${prefer.scenario} is not a scenario; the scenarios are ${SCENARIO_NAMES.join(", ")}.`,
      );
    let status: string | undefined;
    if (prefer.code !== undefined) {
      status = /^\d{3}$/.test(prefer.code) ? declaredStatus(responses, Number(prefer.code)) : undefined;
      if (status === undefined)
        return bad(`Prefer: code=${prefer.code}: ${op.operationId} declares ${statuses.join(", ")}.`);
    }
    if (prefer.example !== undefined) {
      const name = prefer.example;
      const ordered =
        status !== undefined
          ? [status]
          : [...statuses.filter((each) => /^2/.test(each)), ...statuses.filter((each) => !/^2/.test(each))];
      const examplesOf = (each: string) =>
        Object.values(responses[each]?.content ?? {}).flatMap((media) => media.exampleNames ?? []);
      const found = ordered.find((each) => examplesOf(each).includes(name));
      if (found === undefined) {
        const names = ordered.flatMap((each) => examplesOf(each).flatMap((n) => (n === null ? [] : [`${each} ${n}`])));
        return bad(
          `Prefer: example=${name}: ${op.operationId} has no such example${names.length > 0 ? `; its examples are ${names.join(", ")}` : ""}.`,
        );
      }
      const code = status !== undefined ? Number(prefer.code) : found;
      return [fixtures.respondExample(op.operationId, code, name)];
    }
    if (status !== undefined) return [fixtures.respond(op.operationId, Number(prefer.code))];
    return fixtures.handlers;
  }

  /** Whether a request's operation declares a streamed answer: only a stream reads the request's signal. */
  function mayStream(method: string, url: string): boolean {
    const variants = match(method, url)?.variants ?? [];
    return variants.some((op) => op.responses.some((each) => (each.streams?.length ?? 0) > 0));
  }

  const storeSize = () => fixtures.resources.summary().reduce((sum, each) => sum + each.count, 0);

  async function answer(request: Request): Promise<ReadAnswer & { operationId?: string }> {
    if (request.method === "POST" && new URL(request.url).pathname === RESET_PATH) {
      fixtures.resources.reset();
      const resources = fixtures.resources.summary().map((each) => each.name);
      return { response: Response.json({ reset: true, resources }, { headers: corsHeaders(request) }) };
    }
    if (request.method === "OPTIONS" && request.headers.has("access-control-request-method"))
      return { response: preflight(request) };
    const found = match(request.method, request.url);
    if (!found) return { response: unknownPath(request) };
    // Operations sharing a method and URL are told apart by the request (its body, a header).
    const op = found.variants.length > 1 ? (await choose(found, readable(request))).operation : found.operation;
    const operationId = op.operationId;
    const problem = await requestProblem(op, request, found.params);
    if (problem) return { response: problem, operationId };
    const prefer = readPrefer(request.headers.get("prefer"));
    const handlers = preferredHandlers(op, request, prefer);
    if (handlers instanceof Response) return { response: handlers, operationId };
    if (request.method === "POST" && fixtures.resources.handles(operationId) && storeSize() >= maxRecords) {
      const detail = `The mock's store holds ${maxRecords} records, its limit; POST ${RESET_PATH} puts it back to its seed.`;
      return { response: refused(op, request, { status: 507, title: "Insufficient Storage", detail }), operationId };
    }
    const scenario = prefer.scenario;
    const requestId = randomUUID();
    events.emit("request:start", { request, requestId });
    // The default answer skips MSW's per-handler machinery; an override is an MSW handler of its own.
    const run = () =>
      handlers === fixtures.handlers
        ? fixtures.answer(request, requestId)
        : handlersResponse(handlers, request, requestId);
    const detail = `No fixture answers ${operationId}.`;
    const response =
      (scenario !== undefined && isScenario(scenario) ? await preferred.run(scenario, run) : await run()) ??
      problemResponse({ status: 501, title: "Not Implemented", detail, operationId });
    if (response.type === "error") {
      events.emit("request:end", { requestId });
      return { response, operationId };
    }
    // The monitor reads its own copy later; the other is on its way to the client.
    const [sent, checked] = await readForSending(response);
    events.emit("response:mocked", { request, requestId, response: checked });
    events.emit("request:end", { requestId });
    for (const [name, value] of Object.entries(corsHeaders(request, op))) sent.response.headers.set(name, value);
    return { ...sent, operationId };
  }

  async function handle(message: IncomingMessage, target: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = message.method ?? "GET";
    // Only the path: the query may carry an API key, and no credential is ever logged.
    const path = printable((message.url ?? "/").split("?")[0] ?? "/");
    let operationId: string | undefined;
    let status = 0;
    try {
      const url = new URL(message.url ?? "/", origin()).href;
      // Only a stream reads the request's signal: it aborts when the client leaves before the answer is whole.
      const controller = mayStream(method, url) ? new AbortController() : undefined;
      if (controller)
        target.once("close", () => {
          if (!target.writableFinished) controller.abort();
        });
      const request = await toFetchRequest(message, url, bodyLimit, controller?.signal);
      const answered = await answer(request);
      operationId = answered.operationId;
      status = answered.response.status;
      if (answered.response.type === "error") {
        // The `offline` scenario: no response at all.
        target.destroy();
      } else await sendFetchResponse(answered, target, method);
    } catch (error) {
      // The client left, or Node answered 408 itself: nothing to send. The socket tells (a read request is destroyed too).
      const gone = target.destroyed || (message.socket?.destroyed ?? true);
      if (!(error instanceof BodyTooLarge) && gone) return;
      const failure = error instanceof Error ? error.message : String(error);
      const problem: Problem =
        error instanceof BodyTooLarge
          ? { status: 413, title: "Content Too Large", detail: `The request body is larger than ${error.limit} bytes.` }
          : { status: 500, title: "Internal Server Error", detail: failure };
      status = problem.status;
      if (!target.headersSent && !target.destroyed) {
        // A body left unread: close the connection rather than read the rest.
        if (error instanceof BodyTooLarge) target.setHeader("Connection", "close");
        await sendFetchResponse({ response: problemResponse(problem) }, target, method);
      }
    } finally {
      const ms = (performance.now() - started).toFixed(1);
      log(`${method} ${path} ${operationId ?? "-"} ${status === 0 ? "dropped" : status} ${ms} ms`);
    }
  }

  return { served, fixtures, handle };
}

/** A mock server for one contract of the registry, not yet listening (`listen`, then `close`). */
export function createMockServer(options: MockServerOptions) {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  // A request in flight finishes with the answers it started with; the next one takes the current.
  let current = createContractAnswers(options, () => origin());

  const server = createServer(
    {
      requestTimeout: options.timeouts?.request ?? 30_000,
      headersTimeout: options.timeouts?.headers ?? 10_000,
      keepAliveTimeout: options.timeouts?.keepAlive ?? 5_000,
      connectionsCheckingInterval: Math.min(1_000, options.timeouts?.headers ?? 1_000),
    },
    (message, target) => void current.handle(message, target),
  );
  // A client that asks before sending a body (`Expect: 100-continue`) hears 413 before it sends one too large.
  server.on("checkContinue", (message: IncomingMessage, target: ServerResponse) => {
    if (Number(message.headers["content-length"] ?? 0) <= bodyLimit) target.writeContinue();
    void current.handle(message, target);
  });
  server.setTimeout(options.timeouts?.idle ?? 60_000, (socket) => socket.destroy());

  // Read once per listen: every request's URL is built on it.
  let listening: string | undefined;
  server.on("listening", () => (listening = undefined));
  server.on("close", () => (listening = undefined));
  function origin(): string {
    if (listening !== undefined) return listening;
    const address = server.address() as AddressInfo | null;
    if (address === null) return "http://127.0.0.1";
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    listening = `http://${host}:${address.port}`;
    return listening;
  }

  /** Answers from the generated files read again (a new store); throws, keeping the old answers, when unreadable. */
  function reload(): ServedContract {
    current = createContractAnswers(options, origin);
    return current.served;
  }

  return {
    get served(): ServedContract {
      return current.served;
    },
    /** Its fixtures (the store: `fixtures.resources`). */
    get fixtures(): Fixtures {
      return current.fixtures;
    },
    server,
    reload,
    /** Reloads whenever the generated files change (a burst of writes is one reload); returns the stop function. */
    watch(onReload: (outcome: { served: ServedContract } | { error: string }) => void): () => void {
      const names = new Set(current.served.files.map((file) => basename(file)));
      let timer: NodeJS.Timeout | undefined;
      const watcher = watch(dirname(current.served.files[0] ?? "."), (_, name) => {
        if (name === null || !names.has(name)) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          try {
            onReload({ served: reload() });
          } catch (error) {
            onReload({ error: error instanceof Error ? error.message : String(error) });
          }
        }, 300);
      });
      return () => {
        clearTimeout(timer);
        watcher.close();
      };
    },
    /** Listens on `port` (0: any free one) at `host`; resolves to the server's URL. */
    listen(port: number, host: string): Promise<string> {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve(origin());
        });
      });
    },
    /** Stops taking connections, ends the idle ones, and gives open streams `graceMs` before dropping them. */
    close(graceMs = 1_000): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

export type MockServer = ReturnType<typeof createMockServer>;
