import type { ContractSchemas } from "../../contract/contract-types.ts";
import { escapeSegment } from "../../contract/pointer.ts";
import { createVariantMarks, sharedEndpoints, withoutFragment } from "../../contract/variant-marks.ts";
import { warningAt, type Locator, type Problem } from "../input/contract-error.ts";
import type { Manifest } from "./manifest.ts";

export function sharedEndpointWarnings(manifest: Manifest, contract: () => ContractSchemas, at: Locator): Problem[] {
  const groups = sharedEndpoints(manifest.operations);
  if (groups.length === 0) return [];
  const marks = createVariantMarks(contract());
  return groups
    .filter((group) => !marks.distinguishable(group))
    .map((group) => {
      const [first] = group;
      const pointer = `/paths/${escapeSegment(first?.path ?? "")}/${first?.method ?? ""}`;
      const names = group.map((operation) => `${operation.operationId} (${operation.path})`).join(", ");
      return warningAt(at, pointer, {
        rule: "shared-endpoint",
        message: `${group.length} operations share ${first?.method.toUpperCase() ?? ""} ${withoutFragment(first?.path ?? "")}: ${names}; no header, query parameter or body property fixes a value that tells them apart, so the fixtures choose by what a request fits (its body, query and headers against each one's schemas), then by the operation a story or test asked for (\`fixtures.respond\`), else answer with ${first?.operationId ?? ""} and say so in the exchange's note.`,
        fix: "give each variant a header, query parameter or body property with its own `const` or `enum` (or a discriminator), or keep one operation.",
      });
    });
}
