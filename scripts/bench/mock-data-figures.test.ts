// The judge of values that fit their field: a misfit the fixtures made is counted by its rule;
// one the contract itself gives the field (its own example, a value its schema lists) is the
// contract's word, counted apart, in neither figure.
import { describe, expect, it } from "vitest";
import { createFixtures } from "@contract-workbench/workbench/fixtures";
import { oneOperationContract } from "#workbench/fixtures/inline-contracts.ts";
import { mockDataFigures } from "./mock-data-figures.ts";

describe("bench:mock-data, values that fit their field", () => {
  it("counts the contract's own examples and listed values apart, and the fixtures' misfits by rule", () => {
    const { manifest, contract } = oneOperationContract("getLine", "/line", {
      type: "object",
      required: ["net_amount", "batch_size", "support_email"],
      properties: {
        net_amount: { type: "number", examples: [-40] },
        batch_size: { anyOf: [{ type: "string", enum: ["auto"] }] },
        support_email: { type: "string", enum: ["nobody"] },
      },
    });
    const fixtures = createFixtures(manifest, contract);
    const answer = fixtures.fixture("getLine" as never, 200 as never) as Record<string, unknown>;
    const figures = mockDataFigures(manifest, contract, fixtures);
    expect(answer).toEqual({ net_amount: -40, batch_size: "auto", support_email: "nobody" });
    expect(figures).toMatchObject({ shaped: 0, fitting: 0, negative: 0, contractsOwn: 3, unfitByRule: {} });
  });

  it("measures a GET that declares its success as a range (Microsoft Graph's `2XX`)", () => {
    const { manifest, contract } = oneOperationContract("getUser", "/user", {
      type: "object",
      required: ["display_name"],
      properties: { display_name: { type: "string", examples: ["Ada Lovelace"] } },
    });
    const operation = contract.operations.getUser;
    if (operation?.responses["200"] === undefined) throw new Error("the inline contract has its 200");
    operation.responses = { "2XX": operation.responses["200"] };
    manifest.operations[0] = {
      ...manifest.operations[0],
      responses: [{ status: "2XX", mediaTypes: ["application/json"] }],
    } as (typeof manifest.operations)[0];
    const figures = mockDataFigures(manifest, contract, createFixtures(manifest, contract));
    expect(figures).toMatchObject({ answers: 1, sites: 1, honoured: 1 });
  });

  it("counts a negative quantity apart where the contract's own examples give the field a negative value", () => {
    const { manifest, contract } = oneOperationContract("listAccounts", "/accounts", {
      type: "array",
      minItems: 3,
      items: {
        type: "object",
        required: ["credit_limit"],
        properties: { credit_limit: { type: "number", examples: [-100.25] } },
      },
    });
    const fixtures = createFixtures(manifest, contract);
    const answer = fixtures.fixture("listAccounts" as never, 200 as never) as Array<{ credit_limit: number }>;
    const figures = mockDataFigures(manifest, contract, fixtures);
    expect(answer.filter((item) => item.credit_limit !== -100.25).length).toBeGreaterThan(0);
    expect(figures).toMatchObject({ negative: 0, contractsOwn: answer.length, unfitByRule: {} });
  });

  it("lists each misfit the fixtures made with the rule that judged it", () => {
    const { manifest, contract } = oneOperationContract("getPortal", "/portal", {
      type: "object",
      required: ["contact_email"],
      properties: { contact_email: { type: "string", format: "uuid" } },
    });
    const figures = mockDataFigures(manifest, contract, createFixtures(manifest, contract));
    expect(figures).toMatchObject({ shaped: 1, fitting: 0, contractsOwn: 0, unfitByRule: { "e-mail": 1 } });
    expect(figures.misfits.map((misfit) => misfit.rule)).toEqual(["e-mail"]);
    expect(figures.misfits[0]?.place).toMatch(/^getPortal\/contact_email: "/);
    expect(figures.unfit).toHaveLength(1);
  });
});
