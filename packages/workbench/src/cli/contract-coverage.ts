// `npm run coverage:contract`: the pairs the hand-written tests last reached; fails below `contractCoverage.threshold`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  formatReport,
  fullReport,
  readRecords,
  readThreshold,
  RECORDS_DIR,
  REPORT_FILE,
  summaryLine,
} from "../coverage/contract-coverage.ts";

const root = process.cwd();
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--summary");
if (unknown.length > 0) {
  console.error(`coverage:contract: unknown option ${unknown.join(" ")}; the only option is --summary.`);
  process.exit(1);
}

function main(): number {
  const records = readRecords(root);
  const report = fullReport(root, records, readThreshold(root));
  if (records.length === 0 && report.total > 0) {
    console.error(
      `coverage:contract: no recorded test run in ${RECORDS_DIR}/. Run \`npm test\` (or \`npx vitest run\`) first: ` +
        "the stories and tests record what they exercise as they run.",
    );
    return 1;
  }
  mkdirSync(dirname(join(root, REPORT_FILE)), { recursive: true });
  writeFileSync(join(root, REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  // Below the threshold, the table says what to cover even when only the summary was asked for.
  const lines = args.includes("--summary") && report.passed ? [summaryLine(report)] : formatReport(report);
  const from = report.projects.length > 0 ? ` (last run of ${report.projects.join(", ")})` : "";
  console.log(`coverage:contract: ${report.contract.title} ${report.contract.version}${from}`);
  for (const line of lines) console.log(line);
  for (const service of report.services) {
    console.log(
      `coverage:contract: ${service.service ?? ""}: ${service.contract.title} ${service.contract.version} ` +
        "(a service's document, for information: no threshold)",
    );
    for (const line of args.includes("--summary") ? [summaryLine(service)] : formatReport(service)) console.log(line);
  }
  console.log(`coverage:contract: wrote ${REPORT_FILE}`);
  if (!report.passed) {
    console.error(
      `coverage:contract: ${report.percent.toFixed(1)}% is below the threshold of ${report.threshold}% ` +
        '(package.json contractCoverage.threshold). Cover the pairs listed under "not covered" with stories or tests.',
    );
    return 1;
  }
  return 0;
}

// exitCode, not exit(): a piped stdout is written asynchronously, and exit() would cut the table short.
try {
  process.exitCode = main();
} catch (error) {
  console.error(`coverage:contract: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
