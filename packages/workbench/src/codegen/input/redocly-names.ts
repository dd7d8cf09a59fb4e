/**
 * Lets Redocly read a contract whose names are those of `Object.prototype`.
 *
 * Redocly looks up each key of a node in a plain object of known properties
 * (`type.properties[key]`): a property named `hasOwnProperty` or `valueOf` finds the
 * inherited function and crashes (“Cannot convert undefined or null to object”), and
 * `constructor` is taken for a known property. Such names are valid in OpenAPI, so the
 * property tables Redocly builds are given no prototype. Patched at the one place they
 * are built (`normalizeTypes`, looked up at each call by lint and bundle).
 */
import { createRequire } from "node:module";

interface TypeTree {
  [name: string]: { properties?: object } | undefined;
}

const require = createRequire(import.meta.url);
const types = require("@redocly/openapi-core/lib/types/index.js") as {
  normalizeTypes: (...args: unknown[]) => TypeTree;
  __prototypeSafe?: boolean;
};

/**
 * Installs the patch once per process; idempotent.
 *
 * @example
 * makeRedoclyPrototypeSafe();
 * await lintDocument({ document, config, externalRefResolver }); // `hasOwnProperty` is a property like any other
 */
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
