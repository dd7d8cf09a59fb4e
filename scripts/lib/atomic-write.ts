import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, basename } from "node:path";

/**
 * Writes a set of files all-or-nothing: every file is first written beside its
 * target under a temporary name, and only when all of them are written are they
 * renamed into place. A failure before the renames leaves every target untouched.
 *
 * @example
 * await writeAllOrNothing(new Map([["src/api/schema.d.ts", source]]));
 */
export async function writeAllOrNothing(files: ReadonlyMap<string, string>): Promise<void> {
  const staged: Array<{ temp: string; target: string }> = [];
  try {
    for (const [target, contents] of files) {
      await mkdir(dirname(target), { recursive: true });
      // Same directory as the target, so the rename below is atomic (no cross-device move).
      const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
      staged.push({ temp, target });
      await writeFile(temp, contents, "utf8");
    }
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw error;
  }
  for (const { temp, target } of staged) await rename(temp, target);
}
