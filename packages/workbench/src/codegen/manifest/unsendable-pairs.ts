import { METHODS } from "@contract-workbench/runtime/manifest";
import { escapeSegment } from "../../contract/pointer.ts";
import { unanswerableStatus, unsendableMethod } from "../../contract/unsendable.ts";
import { warningAt, type Locator, type Problem } from "../input/contract-error.ts";
import type { Manifest } from "./manifest.ts";

const LEFT_OUT =
  "the gallery makes no story of it and the coverage does not count it; the rest of the contract generates";

/** Where the contract writes an operation: a 3.2 method of its own (`CONNECT`) sits under `additionalOperations`. */
function operationPointer({ path, method }: { path: string; method: string }): string {
  const item = `/paths/${escapeSegment(path)}`;
  const standard = (METHODS as readonly string[]).includes(method) || method === "query";
  return standard ? `${item}/${method}` : `${item}/additionalOperations/${method.toUpperCase()}`;
}

export function unsendableWarnings(manifest: Manifest, at: Locator): Problem[] {
  return manifest.operations.flatMap((operation) => {
    const source = operationPointer(operation);
    const refused = unsendableMethod(operation.method);
    if (refused !== undefined) {
      return [
        warningAt(at, source, {
          rule: "unsendable-method",
          message: `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) cannot be used from a browser or Node: ${refused}, so its client call rejects; ${LEFT_OUT}.`,
          fix: "call it from a tool that sends any method (curl), or leave it out of the contract the app uses.",
        }),
      ];
    }
    return operation.responses.flatMap(({ status }) => {
      const interim = unanswerableStatus(status);
      if (interim === undefined) return [];
      return [
        warningAt(at, `${source}/responses/${escapeSegment(status)}`, {
          rule: "unanswerable-status",
          message: `${operation.operationId} → ${status} cannot be used from a browser or Node: ${interim}; ${LEFT_OUT}.`,
          fix: "describe the answer fetch receives (the protocol after a 101 upgrade is the client's own, a WebSocket's say), or leave the 1xx status out.",
        }),
      ];
    });
  });
}
