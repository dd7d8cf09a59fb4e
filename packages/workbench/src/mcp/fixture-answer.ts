// What the mocks answer: the contract's fixtures run their handler on the gallery's sample request.
import { randomUUID } from "node:crypto";
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import type { ContractOperation } from "../contract/contract-types.ts";
import {
  declaredMediaType,
  declaredStatus as statusDeclaredFor,
  isJsonMediaType,
} from "../contract/media-and-status.ts";
import { readRecording } from "../contract/generated.ts";
import { schemaPointer } from "../contract/pointer.ts";
import { own } from "../contract/own.ts";
import type { Fixtures, SampleRequest } from "../fixtures/contract-fixtures.ts";
import { createFixturesSession } from "../fixtures/fixtures-session.ts";
import { examplePlaces } from "../gallery/example-places.ts";
import { SCENARIOS, SLOW_DELAY_MS, type Scenario } from "../fixtures/scenarios.ts";
import type { ContractReader, LoadedContract } from "./contracts.ts";
import { ArgumentError, bounded } from "./results.ts";
import { respondLine } from "./screen-code.ts";

export interface FixtureQuestion {
  operationId: string;
  contract?: string | undefined;
  /** A declared status ("200", 404, "4XX", "default"); the scenario decides when absent. */
  status?: string | number | undefined;
  scenario: Scenario;
  example?: string | undefined;
}

/** A parameter's value as it travels in a URL or a header. */
function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A request for the operation, with the sample arguments the gallery calls it with. */
function requestFor(fixtures: Fixtures, operation: ManifestOperation): Request {
  const sample = fixtures.sampleRequest(operation.operationId);
  const template = operation.path.split("#")[0] ?? operation.path;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(asText(own(sample.params.path ?? {}, name) ?? 1)),
  );
  const url = new URL(path, "http://localhost");
  for (const [name, value] of Object.entries(sample.params.query ?? {})) url.searchParams.set(name, asText(value));
  const headers = new Headers();
  for (const [name, value] of Object.entries(sample.params.header ?? {})) headers.set(name, asText(value));
  const withBody = sample.body !== undefined && operation.method !== "get" && operation.method !== "head";
  if (withBody) headers.set("Content-Type", sample.mediaType ?? "application/json");
  const body =
    typeof sample.body === "string" && !isJsonMediaType(sample.mediaType ?? "")
      ? sample.body
      : JSON.stringify(sample.body);
  return new Request(url, { method: operation.method.toUpperCase(), headers, ...(withBody ? { body } : {}) });
}

/** The status an argument names, as the operation declares it; an undeclared one names those there are. */
function declaredStatus(operation: ManifestOperation, status: string | number): string {
  const text = String(status);
  const declared = operation.responses.map((response) => response.status);
  const klass = /^\d{3}$/.test(text) ? `${text[0]}XX` : undefined;
  if (declared.includes(text) || (klass !== undefined && (declared.includes(klass) || declared.includes("default"))))
    return text;
  throw new ArgumentError(
    "status",
    `${operation.operationId} declares ${declared.join(", ")}, not ${JSON.stringify(status)}.`,
  );
}

/** Each contract's fixtures' answers, one question at a time: a question sets the session's scenario. */
export function createFixtureAnswers(root: string, contracts: ContractReader) {
  const instances = new Map<string, { stamp: string; fixtures: Fixtures }>();
  let queue: Promise<unknown> = Promise.resolve();

  // The engine (Ajv, the data generators) loads with the first question, not with the server.
  const engine = () => import("../fixtures/contract-fixtures.ts");

  async function fixturesOf(loaded: LoadedContract): Promise<Fixtures> {
    const cached = instances.get(loaded.entry.name);
    if (cached?.stamp === loaded.stamp) return cached.fixtures;
    const recording = readRecording(root, loaded.entry);
    const { createFixtures } = await engine();
    const fixtures = createFixtures(loaded.manifest, loaded.contract, {
      session: createFixturesSession(),
      ...(recording ? { recording } : {}),
      fieldRules: loaded.entry.fieldRules,
    });
    instances.set(loaded.entry.name, { stamp: loaded.stamp, fixtures });
    return fixtures;
  }

  async function run(question: FixtureQuestion) {
    const { loaded, operation } = contracts.find(question.operationId, question.contract);
    const fixtures = await fixturesOf(loaded);
    const id = operation.operationId;
    const status = question.status === undefined ? undefined : declaredStatus(operation, question.status);
    let handler: ReturnType<Fixtures["respond"]> | undefined;
    let override: string;
    let note: string | undefined;
    if (question.example !== undefined) {
      const exampleStatus =
        status ??
        operation.responses.find((response) => /^2/.test(response.status))?.status ??
        operation.responses[0]?.status ??
        "200";
      try {
        handler = fixtures.respondExample(id, exampleStatus, question.example);
      } catch (error) {
        throw new ArgumentError(
          "example",
          (error instanceof Error ? error.message : String(error)).replace(/^\[mocks\] /, ""),
        );
      }
      override = `parameters: { msw: { handlers: [fixtures.respondExample(${JSON.stringify(id)}, ${JSON.stringify(exampleStatus)}, ${JSON.stringify(question.example)})] } }`;
    } else if (status !== undefined) {
      handler = fixtures.respond(id, status);
      override = respondLine(id, status);
    } else {
      // The default answer, as a story starting afresh gets it: the resources' store unseeded by earlier questions.
      fixtures.resources.reset();
      handler = fixtures.handlers[0];
      override = `globals: { scenario: ${JSON.stringify(question.scenario)} }`;
      // A service whose requests hand-written handlers (or nothing, until a story mounts them) answer by default.
      const answers = loaded.entry.answers;
      if (typeof answers === "object")
        note = `by default ${answers.module}'s ${answers.export} answer ${loaded.entry.name}'s requests; this is the contract's own default answer, what an override builds on.`;
      else if (answers === "on-request")
        note = `${loaded.entry.name}'s fixtures answer only where a story or test mounts them (its handlers); this is what they answer then.`;
    }
    fixtures.session.setScenario(question.scenario);
    fixtures.session.takeViolations();
    const request = requestFor(fixtures, operation);
    const sent = `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`;
    const result = await handler?.run({ request, requestId: randomUUID() });
    const violations = fixtures.session.takeViolations();
    const base = {
      contract: loaded.entry.name,
      operationId: id,
      scenario: question.scenario,
      scenarioMeans: SCENARIOS[question.scenario],
      request: sent,
      override,
      ...(note === undefined ? {} : { note }),
    };
    const response = result?.response;
    if (response === undefined || response.type === "error") {
      const why =
        response === undefined
          ? "no handler answered: the request matched none of the contract's operations."
          : 'a network failure: no response at all (the client sees `kind: "network"`).';
      return { ...base, answered: false, note: why };
    }
    const text = await response.text();
    const mediaType = response.headers.get("content-type") ?? "";
    let body: unknown = text === "" ? null : text;
    if (text !== "" && isJsonMediaType(mediaType)) body = JSON.parse(text) as unknown;
    const responses = own<ContractOperation>(loaded.contract.operations, id)?.responses ?? {};
    const key = statusDeclaredFor(responses, response.status);
    const content =
      key === undefined ? {} : (own<ContractOperation["responses"][string]>(responses, key)?.content ?? {});
    const media = declaredMediaType(Object.keys(content), mediaType);
    const fromExamples =
      media === undefined || body === null
        ? []
        : examplePlaces(
            fixtures,
            schemaPointer(id, "responses", key ?? "", "content", media, "schema"),
            body,
            content[media]?.examples ?? [],
          );
    return {
      ...base,
      answered: true,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: bounded(body, "#"),
      ...(fromExamples.length > 0 ? { fromExamples } : {}),
      ...(question.scenario === "slow" ? { delayMs: SLOW_DELAY_MS } : {}),
      ...(violations.length > 0 ? { violations } : {}),
    };
  }

  return {
    /** The arguments the gallery calls an operation with (required parameters, a body). */
    async sampleRequest(operationId: string, contract?: string): Promise<SampleRequest> {
      const { loaded, operation } = contracts.find(operationId, contract);
      return (await fixturesOf(loaded)).sampleRequest(operation.operationId);
    },
    /** The answer to one question, after every question asked before it. */
    answer(question: FixtureQuestion): ReturnType<typeof run> {
      const next = queue.then(() => run(question));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

export type FixtureAnswers = ReturnType<typeof createFixtureAnswers>;
