import { describe, expect, it } from "vitest";
import { classify } from "./corpus-report.ts";

const result = {
  file: "a.json",
  operations: 2,
  pairs: 2,
  warnings: {},
  fixtureFailures: [],
  stories: 2,
  unsatisfiable: 0,
  seconds: { generate: 0, fixtures: 0, gallery: 0 },
};

describe("bench:corpus's classes of failure", () => {
  it("makes one class of requests no handler answers, whatever their URLs", () => {
    const exchangeFailures = [
      "deleteSite 200: [mocks] No handler for DELETE http://api.corpus.test/v1/networks//sites/SSSS. Declare it first.",
      "deleteLink 200: [mocks] No handler for DELETE http://api.corpus.test/v1/networks/%09S/links/. Declare it first.",
    ];
    const { failures } = classify({ file: "a.json", result: { ...result, exchangeFailures } });
    expect(failures.map((failure) => failure.class)).toEqual([
      "a gallery story's exchange: […] No handler for DELETE … Declare it first.",
    ]);
  });

  it("reads the class after an operationId with spaces (Trakt's `Get ratings`)", () => {
    const exchangeFailures = [
      "Get ratings 200: answered by another operation, Get rating, and checked against its schemas",
    ];
    const { failures } = classify({ file: "a.json", result: { ...result, exchangeFailures } });
    expect(failures.map((failure) => failure.class)).toEqual([
      "a gallery story is answered by another operation, and checked against its schemas",
    ]);
  });
});
