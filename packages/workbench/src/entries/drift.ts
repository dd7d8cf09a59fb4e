// A real server's answers against the contract: the dev-mode check, the probe, their reports, a HAR's answers.
export { createDriftCheck, type DriftCheck } from "../drift/drift-check.ts";
export { createDriftReport, type DriftEntry, formatDrift } from "../drift/drift-report.ts";
export { observeFetch } from "../drift/fetch-observer.ts";
export { probe, type ProbeOptions, type ProbeResult } from "../drift/probe.ts";
export { formatProbeReport, probeExitCode } from "../drift/probe-report.ts";
export { HarError, importHar, MAX_HAR_BYTES } from "../drift/har-import.ts";
