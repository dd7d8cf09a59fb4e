// The drift check of `npm run dev` against a real server, loaded only by the app's dev-only branch.
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type { ContractSchemas } from "../contract/contract-types.ts";
import { createDriftCheck } from "./drift-check.ts";
import { mountDriftIndicator } from "./drift-indicator.ts";
import { createDriftReport, type DriftReport } from "./drift-report.ts";
import { observeFetch } from "./fetch-observer.ts";
import { createRecorder } from "./recording.ts";

export function startDriftCheck(manifest: Manifest, contract: ContractSchemas): DriftReport {
  const report = createDriftReport();
  const check = createDriftCheck({ manifest, contract });
  const recorder = createRecorder(contract);
  observeFetch(window, check, report, { recorder });
  mountDriftIndicator(report, recorder);
  return report;
}
