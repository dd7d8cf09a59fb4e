// The context openapi-typescript generates the types with: its own defaults but where said.
import type { Config } from "@redocly/openapi-core";
import { resolveRef, scanDiscriminators, type GlobalContext, type OpenAPI3 } from "openapi-typescript";

/**
 * openapi-typescript's context for one bundled contract, its footer given (./operations-footer.ts).
 *
 * @example
 * transformSchema(schema, typesContext(config, schema, operationsFooter().nodes));
 */
export function typesContext(
  config: Config,
  schema: OpenAPI3,
  injectFooter: GlobalContext["injectFooter"],
): GlobalContext {
  // openapi-typescript's own defaults (see its openapiTS()), except two. `exportType`: type
  // aliases (unlike interfaces) satisfy the `Record<string, …>` constraints openapi-fetch and
  // openapi-react-query put on `paths`. `defaultNonNullable`: its default makes a property with a
  // `default` required wherever its schema is a component, request bodies included, so a call
  // would have to send every defaulted field (OpenAI's chat completion: `stream`, `store`, …);
  // a `default` says what the server assumes, not that the field is always there.
  return {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: false,
    discriminators: scanDiscriminators(schema, { silent: true }),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: true,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter,
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: config,
    silent: true,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve($ref) {
      return resolveRef(schema, $ref, { silent: true });
    },
  };
}
