import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Writes files all-or-nothing: each beside its target, then all renamed into place, a failure putting back the renamed. */
export async function writeAllOrNothing(files: ReadonlyMap<string, string | Uint8Array>): Promise<void> {
  const staged: Array<{ temp: string; target: string }> = [];
  const removeTemps = () => Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
  try {
    for (const [target, contents] of files) {
      await mkdir(dirname(target), { recursive: true });
      // Same directory as the target, so the rename below is atomic (no cross-device move).
      const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
      staged.push({ temp, target });
      await writeFile(temp, contents);
    }
  } catch (error) {
    await removeTemps();
    throw error;
  }
  // Bytes, not text: put back as they were, without decoding them.
  const previous = new Map<string, Buffer | undefined>();
  for (const { target } of staged) previous.set(target, await readFile(target).catch(() => undefined));
  const renamed: string[] = [];
  try {
    for (const { temp, target } of staged) {
      await rename(temp, target);
      renamed.push(target);
    }
  } catch (error) {
    for (const target of renamed) {
      const before = previous.get(target);
      await (before === undefined ? rm(target, { force: true }) : writeFile(target, before)).catch(() => {});
    }
    await removeTemps();
    throw error;
  }
}
