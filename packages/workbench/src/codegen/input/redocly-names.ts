// Redocly looks keys up in plain objects, where `hasOwnProperty` finds the inherited function and crashes.
import { createRequire } from "node:module";

interface TypeTree {
  [name: string]: { properties?: object } | undefined;
}

const require = createRequire(import.meta.url);
const types = require("@redocly/openapi-core/lib/types/index.js") as {
  normalizeTypes: (...args: unknown[]) => TypeTree;
  __prototypeSafe?: boolean;
};

export function makeRedoclyPrototypeSafe(): void {
  if (types.__prototypeSafe) return;
  const original = types.normalizeTypes;
  types.normalizeTypes = (...args: unknown[]) => {
    const tree = original(...args);
    for (const type of Object.values(tree)) {
      if (type?.properties && Object.getPrototypeOf(type.properties) !== null) {
        Object.setPrototypeOf(type.properties, null);
      }
    }
    return tree;
  };
  types.__prototypeSafe = true;
}
