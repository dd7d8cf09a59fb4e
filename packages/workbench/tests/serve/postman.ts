// Postman's own tools as a team would use them on a contract: openapi-to-postmanv2 makes the
// collection, newman runs it. Both are CommonJS without types; the few members used are typed here.
import { createRequire } from "node:module";

interface CollectionItem {
  item?: CollectionItem[];
  request?: {
    url: { host?: string[] };
    auth?: { type: string; oauth2?: Array<{ key: string; value: string }> };
  };
}
export interface Collection {
  item: CollectionItem[];
  variable?: Array<{ key: string; value: string }>;
}

/** One request newman sent and what it got, as its run summary holds them. */
export interface Execution {
  item: { name: string };
  request: { method: string; url: { toString(): string; getHost(): string } };
  response?: { code: number; stream?: Buffer; headers: { toObject(): Record<string, string> } };
  requestError?: Error;
}

const require = createRequire(import.meta.url);
const converter = require("openapi-to-postmanv2") as {
  convertV2(
    input: { type: "string"; data: string },
    options: Record<string, unknown>,
    done: (
      error: Error | null,
      result: { result: boolean; reason?: string; output: Array<{ data: Collection }> },
    ) => void,
  ): void;
};
const newman = require("newman") as {
  run(
    options: Record<string, unknown>,
    done: (error: Error | null, summary: { run: { executions: Execution[] } }) => void,
  ): void;
};

/** The contract as a collection, each parameter and body from the contract's examples. */
export function toCollection(contractText: string): Promise<Collection> {
  return new Promise((resolve, reject) => {
    converter.convertV2(
      { type: "string", data: contractText },
      { parametersResolution: "Example" },
      (error, result) => {
        if (error) reject(error);
        else if (!result.result) reject(new Error(`openapi-to-postmanv2: ${result.reason ?? "no collection"}`));
        else resolve(result.output[0]!.data);
      },
    );
  });
}

/** Every request of the collection, depth first, as newman runs them. */
export function requestsOf(items: CollectionItem[]): NonNullable<CollectionItem["request"]>[] {
  return items.flatMap((each) => (each.item ? requestsOf(each.item) : each.request ? [each.request] : []));
}

/**
 * Runs the collection with newman, quietly, redirects not followed; resolves with each
 * request and its response.
 */
export function runCollection(collection: Collection, envVar: Array<{ key: string; value: string }>) {
  return new Promise<Execution[]>((resolve, reject) => {
    newman.run(
      { collection, envVar, reporters: [], ignoreRedirects: true, timeoutRequest: 30_000 },
      (error, summary) => (error ? reject(error) : resolve(summary.run.executions)),
    );
  });
}
