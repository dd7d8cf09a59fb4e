// The registry's shape and what reads a contract's schemas by pointer; runs anywhere.
export type { ContractEntry, ContractRegistry, ContractRole, FieldRule, NamedContract } from "../contract/registry.ts";
export { contractList, defineContracts } from "../contract/registry.ts";
export type { ContractOperation, ContractSchemas } from "../contract/contract-types.ts";
export { escapeSegment, schemaPointer, valueAt } from "../contract/pointer.ts";
export { isFormMediaType, isJsonMediaType, preferredMediaType } from "../contract/media-and-status.ts";
export { withoutFragment } from "../contract/variant-marks.ts";
