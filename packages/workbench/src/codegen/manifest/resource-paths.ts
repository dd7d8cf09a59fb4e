import type { ContractSchemas } from "../../contract/contract-types.ts";
import { inferResources } from "../../fixtures/resources/infer.ts";
import type { ManifestOperation, ManifestResourcePaths } from "@contract-workbench/runtime/manifest";

export function resourcePaths(
  operations: readonly ManifestOperation[],
  contract: ContractSchemas,
): ManifestResourcePaths[] {
  // Each path's place in the document, so that a resource sorts its own few paths, not every path.
  const order = new Map<string, number>();
  for (const operation of operations) if (!order.has(operation.path)) order.set(operation.path, order.size);
  return inferResources(operations, contract).resources.map((resource) => {
    const paths = new Set([...resource.collections.map((c) => c.path), ...resource.items.map((i) => i.path)]);
    const placed = [...paths].filter((path) => order.has(path));
    return { name: resource.name, paths: placed.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)) };
  });
}
