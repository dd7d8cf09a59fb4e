// Setup for the jsdom unit and component tests.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { failOnUnhandledRequest, server } from "@/api/mocks/node";
import { takeUnhandledRequests } from "@/api/mocks/unhandled";

beforeAll(() => server.listen({ onUnhandledFrame: failOnUnhandledRequest }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) throw new Error(unhandled.join("\n"));
});
afterAll(() => server.close());
