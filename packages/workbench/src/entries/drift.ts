// `@contract-workbench/workbench/drift`: a real server's answers against the contract: the
// check the app runs in dev mode, the probe, their reports, and a HAR's answers as fixtures.
export type { DriftCheck } from "../drift/drift-check.ts";
export { createDriftCheck } from "../drift/drift-check.ts";
export type { DriftEntry } from "../drift/drift-report.ts";
export { createDriftReport, formatDrift } from "../drift/drift-report.ts";
export { observeFetch } from "../drift/fetch-observer.ts";
export type { ProbeOptions, ProbeResult } from "../drift/probe.ts";
export { probe } from "../drift/probe.ts";
export { formatProbeReport, probeExitCode } from "../drift/probe-report.ts";
export { HarError, importHar, MAX_HAR_BYTES } from "../drift/har-import.ts";
