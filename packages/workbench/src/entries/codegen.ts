// The generation pipeline (Node): a contract to its types, manifest, schemas and fixtures, all or nothing.
export { generate } from "../codegen/generate.ts";
export { regenerate } from "../codegen/regenerate.ts";
export { ContractError, formatProblem, type Problem } from "../codegen/input/contract-error.ts";
export { writeAllOrNothing } from "../codegen/atomic-write.ts";
export type { Manifest } from "../codegen/manifest/manifest.ts";
export { MOCKED_CONTRACTS, SERVICE_FIXTURES } from "../codegen/fixtures-modules.ts";
export { readContract, readManifest } from "../contract/generated.ts";
