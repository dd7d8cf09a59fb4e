import type { Config } from "@redocly/openapi-core";
import { resolveRef, scanDiscriminators, type GlobalContext, type OpenAPI3 } from "openapi-typescript";

export function typesContext(
  config: Config,
  schema: OpenAPI3,
  injectFooter: GlobalContext["injectFooter"],
): GlobalContext {
  // openapi-typescript's defaults but two: `exportType` (aliases satisfy openapi-fetch's `Record` constraints),
  // `defaultNonNullable` off (a `default` is what the server assumes, not what a caller must send).
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
