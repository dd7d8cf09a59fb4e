// A real server's answers against the contract: the dev-mode check, the probe, their reports, a HAR's answers.
export type { DriftCheck } from "../drift/drift-check.ts";
export { createDriftCheck } from "../drift/drift-check.ts";
export type { DriftEntry } from "../drift/drift-report.ts";
export { createDriftReport, formatDrift } from "../drift/drift-report.ts";
export { observeFetch } from "../drift/fetch-observer.ts";
export type { ProbeOptions, ProbeResult } from "../drift/probe.ts";
export { probe } from "../drift/probe.ts";
export { formatProbeReport, probeExitCode } from "../drift/probe-report.ts";
export { HarError, importHar, MAX_HAR_BYTES } from "../drift/har-import.ts";
