// `fixtures:import -- <file.har>`: a HAR's answers that keep the contract, as the `recorded` scenario (written whole).
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { writeAllOrNothing } from "../codegen/atomic-write.ts";
import type { ContractSchemas } from "../contract/contract-types.ts";
import { RECORDED_FILE } from "../contract/generated.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";

const root = process.cwd();

function fail(message: string): never {
  console.error(`fixtures:import: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]?.startsWith("-")) fail("usage: npm run fixtures:import -- <file.har>");
  const file = args[0] ?? "";
  const { importHar, HarError, MAX_HAR_BYTES } = await import("../drift/har-import.ts");
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_HAR_BYTES) fail(`${file}: larger than ${MAX_HAR_BYTES / 1024 / 1024} MB.`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    fail(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  const manifest = JSON.parse(readFileSync(resolve(root, "src/api/manifest.json"), "utf8")) as Manifest;
  const contract = JSON.parse(readFileSync(resolve(root, "src/api/contract.json"), "utf8")) as ContractSchemas;
  try {
    const { recording, rejected, ignored } = await importHar(file, text, { manifest, contract });
    for (const line of rejected) console.warn(`fixtures:import: not kept: ${line}`);
    await writeAllOrNothing(new Map([[resolve(root, RECORDED_FILE), `${JSON.stringify(recording, null, 2)}\n`]]));
    const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    console.log(
      `fixtures:import: ${count(Object.keys(recording).length, "recorded answer", "recorded answers")} written to ` +
        `${RECORDED_FILE} (the \`recorded\` scenario); ${count(rejected.length, "disagreement", "disagreements")} not kept; ` +
        `${count(ignored, "entry", "entries")} for no operation of the contract.`,
    );
  } catch (error) {
    if (error instanceof HarError) fail(error.message);
    throw error;
  }
}

await main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
