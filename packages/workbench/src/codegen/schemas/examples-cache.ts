// An edit rarely touches the examples, and checking them all is most of a large contract's regeneration.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatorFingerprint, hash, STAMP_FOLDER } from "../regeneration-stamp.ts";
import type { ExampleSite, ExamplesChecked } from "./example-checks.ts";

const fingerprints = new Map<string, string>();

/** The verdicts kept for `entry` from the same inputs, else `check()`'s (kept when complete). */
export async function checkedOnce(
  root: string,
  entry: string,
  contractJson: string,
  sites: readonly ExampleSite[],
  check: () => Promise<ExamplesChecked>,
): Promise<ExamplesChecked> {
  const fingerprint = fingerprints.get(root) ?? generatorFingerprint(root);
  fingerprints.set(root, fingerprint);
  const key = hash(`${fingerprint}\n${JSON.stringify(sites)}\n${contractJson}`);
  const file = join(root, STAMP_FOLDER, "examples", `${hash(entry)}.json`);
  try {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { key?: unknown; checked?: ExamplesChecked };
    if (kept.key === key && kept.checked !== undefined) return kept.checked;
  } catch {
    // none yet, or unreadable: checked again below
  }
  const checked = await check();
  if (checked.unchecked > 0) return checked;
  const part = `${file}.${process.pid}.part`;
  try {
    mkdirSync(join(root, STAMP_FOLDER, "examples"), { recursive: true });
    writeFileSync(part, JSON.stringify({ key, checked }));
    renameSync(part, file);
  } catch {
    rmSync(part, { force: true });
  }
  return checked;
}
