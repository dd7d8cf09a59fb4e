// Typed for a method and path known only at run time.
import type { UseQueryResult } from "@tanstack/react-query";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type { StreamItem } from "@contract-workbench/runtime/streams";
import type { ContractOperation, ContractSchemas } from "../contract/contract-types.ts";
import { own } from "../contract/own.ts";
import type { SampleRequest } from "../fixtures/contract-fixtures.ts";
import type { ApiError } from "@contract-workbench/runtime";
import type { ValueCheck } from "./verdict.tsx";

/** What the gallery needs from a contract's fixtures (`fixtures` in mocks/fixtures.ts has it all). */
export interface GallerySource {
  manifest: Manifest;
  contract: ContractSchemas;
  validator: ValueCheck;
  sampleRequest(operationId: string): SampleRequest;
  /** Why no body can answer a declared status (a value its schema requires allows none); undefined when one can. */
  unsatisfiable?(operationId: string, status: string): string | undefined;
}

export interface RuntimeHooks {
  useQuery(method: string, path: string, init: object): UseQueryResult<unknown, ApiError>;
}

export interface RuntimeStreams {
  useStream(
    method: string,
    path: string,
    init: object,
    options: { accept?: string; retry?: boolean },
  ): UseQueryResult<Array<StreamItem<unknown>>, ApiError>;
}

export function declaredResponse(source: GallerySource, operationId: string, status: string) {
  const responses = own<ContractOperation>(source.contract.operations, operationId)?.responses;
  return { responses, declared: own<ContractOperation["responses"][string]>(responses, status) };
}
