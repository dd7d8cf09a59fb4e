// The one optional argument of `api:paging` and `fixtures:resources`: a contract inside this repository.
import { relative, resolve } from "node:path";
import { ContractError, formatProblem } from "../codegen/input/contract-error.ts";

export const root = process.cwd();

/** The contract named on the command line, relative to the repository; anything else exits with a usage line. */
export function contractArgument(script: string): string {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((arg) => arg.startsWith("-"))) {
    console.error(`${script}: usage: npm run ${script} [contract file or folder inside this repository]`);
    process.exit(1);
  }
  const contract = relative(root, resolve(args[0] ?? "openapi"));
  if (contract.startsWith("..")) {
    console.error(`${script}: ${args[0]} is outside this repository; name a contract inside it.`);
    process.exit(1);
  }
  return contract;
}

/** A contract that cannot be read, as its located problems and exit code 1; anything else is thrown on. */
export function reportContractError(script: string, error: unknown): void {
  if (!(error instanceof ContractError)) throw error;
  console.error(error.problems.map((problem) => `${script}: ${formatProblem(problem)}`).join("\n"));
  process.exitCode = 1;
}
