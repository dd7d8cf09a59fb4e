// The drift check of `npm run dev` against a real server (VITE_API_MOCK=0): every exchange
// with the contract's operations checked by the fixtures' validators, the disagreements in
// the console and in a small indicator. Loaded only by the dev-only branch of src/main.tsx.
import type { ContractSchemas } from "../contract/contract-types.ts";
import { createDriftCheck } from "./drift-check.ts";
import { mountDriftIndicator } from "./drift-indicator.ts";
import { createDriftReport, type DriftReport } from "./drift-report.ts";
import { observeFetch } from "./fetch-observer.ts";
import { createRecorder } from "./recorder.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import contractText from "@/api/contract.json?raw";
import generatedManifest from "@/api/manifest.json";

// As text, as mocks/fixtures.ts reads it: no inferred type for the whole contract.
const contract = JSON.parse(contractText) as ContractSchemas;
// JSON imports widen literal types (method: string); the generator writes this shape.
const manifest = generatedManifest as Manifest;

/** Starts checking the page's exchanges; the report is what the indicator shows. */
export function startDriftCheck(): DriftReport {
  const report = createDriftReport();
  const check = createDriftCheck({ manifest, contract });
  const recorder = createRecorder(contract);
  observeFetch(window, check, report, { recorder });
  mountDriftIndicator(report, recorder);
  return report;
}
