import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { delay, HttpResponse } from "msw";
import { createOpenApiHttp } from "openapi-msw";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { paths } from "../../../tests/contracts/example/generated/schema.d.ts";
import { apiBaseUrl, createApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";
import { server } from "../../../mocks/node.ts";
import { fixturesSession } from "../../../mocks/fixtures-session.ts";
import { createApiHooks } from "./query.ts";

// Responses that break the contract on purpose use `http.untyped`.
// These tests call the example contract's operations through the client and hooks an app
// makes; a manifest with no operations: nothing secured, every body sent as JSON.
const http = createOpenApiHttp<paths>({ baseUrl: "*" });
const client = createApiClient<paths>({ operations: [] });
const hooks = createApiHooks(client, { manifest: { operations: [] } });

const note = { id: "n1", title: "First note" };
const notFound = { type: "about:blank", title: "Note not found", status: 404, detail: "No note n9." };
const asProblem = { headers: { "Content-Type": "application/problem+json" } };

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("apiBaseUrl", () => {
  it("is this origin by default and resolves a path against it", () => {
    expect(apiBaseUrl("")).toBe(location.origin);
    expect(apiBaseUrl("/api/v1/")).toBe(`${location.origin}/api/v1`);
    expect(apiBaseUrl("https://api.example.test/v2")).toBe("https://api.example.test/v2");
  });
});

describe("the client", () => {
  it("returns the fixture's data, typed by the contract", async () => {
    server.use(http.get("/notes", ({ response }) => response(200).json([note])));
    const { data, error } = await client.GET("/notes");
    expect(error).toBeUndefined();
    expect(data).toEqual([note]);
  });

  it("keeps HTTP errors as values, with the contract's error body", async () => {
    server.use(http.get("/notes/{id}", ({ response }) => response(404).json(notFound)));
    const { data, error, response } = await client.GET("/notes/{id}", { params: { path: { id: "n9" } } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error).toEqual(notFound);
  });

  it("adds a call's query to a path key's literal one with `&`, not a second `?`", async () => {
    const seen: string[] = [];
    server.use(
      http.untyped.get("*/notes", ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    await client.GET("/notes?archived=true", { params: { query: { limit: 2 } } });
    await client.GET("/notes?archived=true");
    expect(seen).toEqual(["?archived=true&limit=2", "?archived=true"]);
  });

  it("throws a network ApiError when no response arrives", async () => {
    server.use(http.get("/notes", () => HttpResponse.error()));
    const error = await rejection(client.GET("/notes"));
    expect(error.kind).toBe("network");
    expect(error.message).toContain(`GET ${location.origin}/notes`);
  });

  it("throws a timeout ApiError when the server is too slow", async () => {
    server.use(
      http.get("/notes", async ({ response }) => {
        await delay(2_000);
        return response(200).json([]);
      }),
    );
    // A deadline of its own: the other tests' answers need room on a busy machine.
    const impatient = createApiClient<paths>({ timeoutMs: 200, operations: [] });
    const error = await rejection(impatient.GET("/notes"));
    expect(error.kind).toBe("timeout");
  });

  it("throws an aborted ApiError when the caller cancels", async () => {
    server.use(
      http.get("/notes", async ({ response }) => {
        await delay(2_000);
        return response(200).json([]);
      }),
    );
    const controller = new AbortController();
    const pending = client.GET("/notes", { signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error.kind).toBe("aborted");
  });

  it("throws a malformed ApiError for a success that is not JSON", async () => {
    server.use(
      http.untyped.get(
        "*/notes",
        () => new HttpResponse("<!doctype html><p>Welcome", { headers: { "Content-Type": "text/html" } }),
      ),
    );
    const error = await rejection(client.GET("/notes"));
    expect(error.kind).toBe("malformed");
    expect(error.status).toBe(200);
    expect(error.body).toContain("<!doctype html>");
  });

  it("throws a malformed ApiError for a JSON body that does not parse", async () => {
    server.use(
      http.untyped.get(
        "*/notes",
        () => new HttpResponse('[{"id": "n1",', { headers: { "Content-Type": "application/json" } }),
      ),
    );
    const error = await rejection(client.GET("/notes"));
    expect(error.kind).toBe("malformed");
  });

  it("fails a request no fixture answers, naming its method and URL", async () => {
    const { response, error } = await client.GET("/notes/{id}", { params: { path: { id: "unmocked" } } });
    expect(response.status).toBe(501);
    expect(response.headers.get("Content-Type")).toBe("application/problem+json");
    expect(JSON.stringify(error)).toContain(`GET ${location.origin}/notes/unmocked`);
    expect(fixturesSession.takeUnhandledRequests()).toEqual([
      expect.stringContaining(`No handler for GET ${location.origin}/notes/unmocked`),
    ]);
  });
});

describe("the hooks", () => {
  it("give null, not an error, for a success without a body", async () => {
    server.use(http.untyped.get("*/notes", () => new HttpResponse(null, { status: 204 })));
    const { result } = renderHook(() => hooks.useQuery("get", "/notes"), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it("give the data on success", async () => {
    server.use(http.get("/notes", ({ response }) => response(200).json([note])));
    const { result } = renderHook(() => hooks.useQuery("get", "/notes"), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([note]);
  });

  it("normalise RFC 9457 problem details", async () => {
    server.use(http.get("/notes/{id}", ({ response }) => response(404).json(notFound, asProblem)));
    const { result } = renderHook(() => hooks.useQuery("get", "/notes/{id}", { params: { path: { id: "n9" } } }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    const error = result.current.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.kind).toBe("problem");
    expect(error?.status).toBe(404);
    expect(error?.problem?.title).toBe("Note not found");
    expect(error?.body).toEqual(notFound);
  });

  it("treat an error status with an empty body as an error, not as empty data", async () => {
    server.use(
      http.untyped.get("*/notes", () => new HttpResponse(null, { status: 503, headers: { "Content-Length": "0" } })),
    );
    const { result } = renderHook(() => hooks.useQuery("get", "/notes"), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.kind).toBe("http");
    expect(result.current.error?.status).toBe(503);
  });

  it("report a JSON body that does not parse as malformed", async () => {
    server.use(
      http.untyped.get(
        "*/notes",
        () => new HttpResponse('[{"id": "n1",', { headers: { "Content-Type": "application/json" } }),
      ),
    );
    const { result } = renderHook(() => hooks.useQuery("get", "/notes"), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.kind).toBe("malformed");
  });

  it("report a non-JSON error body as an HTTP error with its status", async () => {
    server.use(
      http.untyped.get(
        "*/notes",
        () => new HttpResponse("upstream down", { status: 502, headers: { "Content-Type": "text/plain" } }),
      ),
    );
    const { result } = renderHook(() => hooks.useQuery("get", "/notes"), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.kind).toBe("http");
    expect(result.current.error?.status).toBe(502);
    expect(result.current.error?.body).toBe("upstream down");
  });

  it("send the request body the contract declares and return the created resource", async () => {
    server.use(
      http.post("/notes", async ({ request, response }) => {
        const body = await request.json();
        return response(201).json({ id: "n2", title: body.title });
      }),
    );
    const { result } = renderHook(() => hooks.useMutation("post", "/notes"), { wrapper });
    const created = await result.current.mutateAsync({ body: { title: "Second" } });
    expect(created).toEqual({ id: "n2", title: "Second" });
  });
});
