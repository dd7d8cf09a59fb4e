import type { Config } from "@redocly/openapi-core";
import { astToString, transformSchema, type GlobalContext, type OpenAPI3 } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { operationsFooter } from "./operations-footer.ts";
import { typesContext } from "./types-context.ts";

const ok = {
  "200": { description: "ok", content: { "application/json": { schema: { type: "string" as const } } } },
};
const contract: OpenAPI3 = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/b": { get: { operationId: "getB", responses: ok }, post: { operationId: "postB", responses: ok } },
    "/a": { get: { operationId: "getA", responses: ok } },
  },
};

/** The types openapi-typescript writes with this footer. */
function typesWith(injectFooter: GlobalContext["injectFooter"], finish: () => void = () => undefined): string {
  const schema = structuredClone(contract);
  const nodes = transformSchema(schema, typesContext(undefined as unknown as Config, schema, injectFooter));
  finish();
  return astToString(nodes);
}

describe("operationsFooter", () => {
  it("gives `operations` every operation in openapi-typescript's order, as its own footer does", () => {
    const footer = operationsFooter();
    const types = typesWith(footer.nodes as GlobalContext["injectFooter"], footer.finish);
    expect(types).toBe(typesWith([]));
    const [b, post, a] = ["getB: {", "postB: {", "getA: {"].map((member) => types.indexOf(member));
    expect(b).toBeGreaterThan(-1);
    expect(b).toBeLessThan(post ?? -1);
    expect(post).toBeLessThan(a ?? -1);
  });
});
