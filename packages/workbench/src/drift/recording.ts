// Recorded answers for the fixtures' `recorded` scenario: status, media type and body only, bodies
// scrubbed of credentials (../contract/secrets.ts) and of the fields the contract marks secret.
import type { ContractSchemas } from "../contract/contract-types.ts";

export type { RecordedAnswer, Recording } from "../contract/recorded.ts";

/** Names of the properties the contract marks `format: password` or `writeOnly`, anywhere. */
export function sensitiveProperties(contract: ContractSchemas): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > 64 || typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) return node.forEach((item) => walk(item, depth + 1));
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === "object" && properties !== null) {
      for (const [name, schema] of Object.entries(properties)) {
        const marks = schema as { format?: unknown; writeOnly?: unknown } | null;
        if (marks?.format === "password" || marks?.writeOnly === true) names.add(name);
      }
    }
    for (const value of Object.values(node)) walk(value, depth + 1);
  };
  walk(contract, 0);
  return names;
}
