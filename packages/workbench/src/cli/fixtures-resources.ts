/** `npm run fixtures:resources [contract]`: the resources the stateful fixtures find in the contract. */
import { contractArgument, reportContractError, root } from "./contract-argument.ts";
import { generate } from "../codegen/generate.ts";
import type { ContractSchemas } from "../contract/contract-types.ts";
import { describeResources } from "../fixtures/resources/describe.ts";
import { inferResources } from "../fixtures/resources/infer.ts";

const contract = contractArgument("fixtures:resources");

try {
  const { outputs, manifest } = await generate(root, { contract, outDir: "out" });
  const schemas = JSON.parse(outputs.get("out/contract.json") ?? "{}") as ContractSchemas;
  console.log(`fixtures:resources: ${contract} (${manifest.title} ${manifest.version})`);
  console.log(describeResources(inferResources(manifest.operations, schemas), manifest.operations.length));
} catch (error) {
  reportContractError("fixtures:resources", error);
}
