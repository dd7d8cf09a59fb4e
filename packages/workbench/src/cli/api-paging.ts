/** `npm run api:paging [contract]`: how each list operation pages, as the manifest records it, or why not. */
import { contractArgument, reportContractError, root } from "./contract-argument.ts";
import { generate } from "../codegen/generate.ts";
import { describePaging } from "../codegen/paging/paging-report.ts";

const contract = contractArgument("api:paging");

try {
  const { manifest, paging } = await generate(root, { contract, outDir: "out" });
  console.log(`api:paging: ${contract} (${manifest.title} ${manifest.version})`);
  console.log(describePaging(paging, manifest.operations.length));
} catch (error) {
  reportContractError("api:paging", error);
}
