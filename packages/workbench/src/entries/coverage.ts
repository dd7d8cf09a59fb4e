// `@contract-workbench/workbench/coverage`: contract coverage as tests and stories record it
// (the setup files call the recorder) and the shapes of its report.
export { recordContractCoverage } from "../coverage/coverage-recorder.ts";
export type { ContractCoverageReport, CoverageReportFile } from "../coverage/coverage-types.ts";
