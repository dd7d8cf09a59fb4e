// Type tests: overrides are typed by the contract. A wrong body, an undeclared
// status or an unknown operation does not compile. Each `@ts-expect-error` fails
// this test if the line below it ever compiles.
import { describe, expectTypeOf, it } from "vitest";
import type { components, operations as ExampleOperations } from "../tests/contracts/example/generated/schema.d.ts";
import type { Fixtures } from "@contract-workbench/workbench/fixtures";
import { fixtures } from "./fixtures.ts";

type Note = components["schemas"]["Note"];
declare const example: Fixtures<ExampleOperations>;

describe("the product contract's fixtures, whatever it holds", () => {
  it("override no operation the contract lacks", () => {
    // @ts-expect-error -- not an operation of the contract
    fixtures.respond("noSuchOperationInAnyContract", 200);
  });
});

describe("the fixtures of a filled-in contract", () => {
  it("type a one-line override by operation, status and body", () => {
    example.respond("listNotes", 200, [{ id: "n1", title: "A note" }]);
    example.respond("getNote", 404, { title: "Not found", status: 404 });
    example.respond("getNote", 404);
  });

  it("reject a body of the wrong shape", () => {
    // @ts-expect-error -- an id is a string
    example.respond("listNotes", 200, [{ id: 1, title: "A note" }]);
    // @ts-expect-error -- a note needs its title
    example.respond("getNote", 200, { id: "n1" });
  });

  it("reject a status the operation does not declare", () => {
    // @ts-expect-error -- getNote declares 200 and 404
    example.respond("getNote", 418);
  });

  it("reject an operation the contract lacks", () => {
    // @ts-expect-error -- no such operation
    example.respond("listNotebooks", 200);
  });

  it("type the default data by operation and status", () => {
    expectTypeOf(example.fixture("listNotes", 200)).toEqualTypeOf<Note[]>();
    expectTypeOf(example.fixture("getNote", 200)).toEqualTypeOf<Note>();
  });
});
