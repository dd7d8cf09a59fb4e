// Contract coverage's recorder (the test and story setups call it) and the shapes of its report.
export { recordContractCoverage } from "../coverage/coverage-recorder.ts";
export type { ContractCoverageReport, CoverageReportFile } from "../coverage/coverage-types.ts";
