// An operation without `operationId` is named once, by the generator, from its method and path
// (packages/workbench/src/codegen/manifest/operation-names.ts); everything that names operations reads that name from
// the manifest: the fixtures and their overrides, the gallery, contract coverage, the drift
// check. Its undeclared path parameter is a string in every exchange. Through MSW in Node, on
// the test contract of constructs as public contracts write them.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { coverageReport } from "../../src/coverage/coverage-report.ts";
import { createDriftCheck } from "@contract-workbench/workbench/drift";
import { formatViolation, createFixtures } from "@contract-workbench/workbench/fixtures";
import { loadContract } from "../../src/fixtures/test-contracts.ts";
import { galleryPairs } from "@contract-workbench/workbench/storybook";

const loaded = await loadContract("tests/contracts/as-written/openapi.yaml");
const NAME = "getPetsByPetIdPhotos";
const URL = "http://api.test/v1/pets/p7/photos";

describe("an operation named from its method and path", () => {
  const fixtures = createFixtures(loaded.manifest, loaded.contract);
  const server = setupServer(...fixtures.handlers);

  beforeAll(() => {
    fixtures.observe(server.events);
    server.listen({ onUnhandledFrame: "error" });
  });
  afterEach(async () => {
    await fixtures.settled();
    server.resetHandlers(...fixtures.handlers);
  });
  afterAll(() => server.close());

  it("is answered by the fixtures under that name, and an override names it", async () => {
    expect(fixtures.operationFor(new Request(URL))).toBe(NAME);
    const photos = await fetch(URL);
    expect(photos.status).toBe(200);
    expect(Array.isArray(await photos.json())).toBe(true);
    server.use(fixtures.respond(NAME, 404));
    expect((await fetch(URL)).status).toBe(404);
    await fixtures.settled();
    expect(fixtures.session.takeViolations().map(formatViolation)).toEqual([]);
  });

  it("has a gallery story for each status it declares", () => {
    const pairs = galleryPairs(loaded.manifest).filter((pair) => pair.operationId === NAME);
    expect(pairs.map((pair) => pair.status)).toEqual(["200", "404"]);
  });

  it("is counted by contract coverage when a test receives its answer", () => {
    const report = coverageReport(
      loaded.manifest,
      [
        {
          version: 1,
          project: "unit",
          modules: { "photos.test.ts": { tests: { photos: [{ operationId: NAME, status: "200" }] } } },
        },
      ],
      0,
      () => true,
    );
    expect(report.operations.find((operation) => operation.operationId === NAME)?.statuses).toEqual([
      { status: "200", coveredBy: ["unit: photos.test.ts > photos"] },
      { status: "404", coveredBy: [] },
    ]);
  });

  it("is named by the drift check when a real server breaks it", async () => {
    const drift = createDriftCheck(loaded);
    const drifts = await drift.check(new Request(URL), Response.json([{ url: 42 }]));
    expect(drifts?.map((found) => [found.operationId, found.place, found.pointer])).toEqual([
      [NAME, "response body", "/0/url"],
    ]);
  });
});
