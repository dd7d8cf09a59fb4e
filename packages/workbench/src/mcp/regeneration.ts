// The regenerate tool: `npm run api`'s own path. The generator loads on the first call, not with the server.
import type { Problem } from "../codegen/input/contract-error.ts";
import type { ContractChange } from "../codegen/contract-diff.ts";

/** Warnings listed one by one; the rest are counted by rule, as `npm run api` does without `--verbose`. */
const WARNINGS_LISTED = 20;
const CHANGES_LISTED = 40;

function located(problem: Problem) {
  return {
    file: problem.file,
    ...(problem.line === undefined ? {} : { line: problem.line, column: problem.column }),
    ...(problem.pointer ? { pointer: problem.pointer } : {}),
    ...(problem.rule ? { rule: problem.rule } : {}),
    message: problem.message,
    ...(problem.fix ? { fix: problem.fix } : {}),
  };
}

function warningsOf(warnings: Problem[]) {
  const byRule = new Map<string, number>();
  for (const warning of warnings) byRule.set(warning.rule ?? "other", (byRule.get(warning.rule ?? "other") ?? 0) + 1);
  return {
    warningCount: warnings.length,
    warnings: warnings.slice(0, WARNINGS_LISTED).map(located),
    ...(warnings.length > WARNINGS_LISTED ? { warningsByRule: Object.fromEntries(byRule) } : {}),
  };
}

function changesOf(changes: ContractChange[]) {
  return changes.slice(0, CHANGES_LISTED).map((change) => ({
    kind: change.kind,
    subject: change.subject,
    ...(change.details.length > 0 ? { details: change.details } : {}),
    ...(change.breaking ? { breaking: true } : {}),
  }));
}

/** Regenerates every contract, or checks the committed files are current; `ok: false` with the located errors. */
export async function regenerateContracts(root: string, { check }: { check: boolean }) {
  const { ContractError, regenerate, staleOutputs, staleReason, writeOutputs } =
    await import("../codegen/regenerate.ts");
  const { diffManifests, summarizeChanges } = await import("../codegen/contract-diff.ts");
  let result;
  try {
    result = await regenerate(root);
  } catch (error) {
    if (!(error instanceof ContractError)) throw error;
    return {
      ok: false,
      errors: error.problems.map(located),
      written: "nothing was written; fix the contract and regenerate.",
    };
  }
  if (check) {
    const stale = await staleOutputs(root, result.outputs);
    return {
      ok: stale.length === 0,
      check: true,
      files: result.outputs.size + result.kept.length,
      stale: stale.map((file) => ({ file, reason: staleReason(file) })),
      ...warningsOf(result.warnings),
      written: "nothing (check only)",
    };
  }
  const contracts = result.manifests.map(({ target, before, after }) => {
    try {
      const diff = before === null ? undefined : diffManifests(before, after);
      return {
        source: target.contract,
        summary: summarizeChanges(before, after) || "no change.",
        ...(diff && diff.changes.length > 0 ? { breaking: diff.breaking, changes: changesOf(diff.changes) } : {}),
      };
    } catch {
      // A manifest written by an older version of the generator: nothing to compare with.
      return {
        source: target.contract,
        summary: "the previous manifest has an older format; no change summary this time.",
      };
    }
  });
  // A contract its stamp found unchanged was not generated: nothing to compare.
  contracts.push(...result.unchanged.map(({ source }) => ({ source, summary: "no change." })));
  const wrote = await writeOutputs(root, result.outputs, result.stamps);
  return {
    ok: true,
    wrote,
    upToDate: result.outputs.size + result.kept.length - wrote.length,
    ...warningsOf(result.warnings),
    contracts,
  };
}
