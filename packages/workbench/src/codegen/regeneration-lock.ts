// The process that waits then finds the stamps fresh and generates nothing.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { STAMP_FOLDER } from "./regeneration-stamp.ts";

export const LOCK_FILE = `${STAMP_FOLDER}/regenerating.lock`;
/** A holder generates in seconds (minutes for the largest contracts); past this, the waiter gives up. */
const WAIT_LIMIT_MS = 10 * 60_000;
const POLL_MS = 100;

interface Holder {
  pid: number;
  host: string;
  /** The project it locks: a lock copied with the folder (`cp -r`) is not the copy's. */
  root: string;
  token: string;
}

/** Whether the holder named in the lock can still be running here. A foreign host's counts as alive. */
function holderAlive(holder: Holder | undefined, root: string): boolean {
  if (!holder || holder.root !== root) return false;
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(path: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, "utf8")) as Partial<Holder>;
    const valid = [holder.host, holder.root, holder.token].every((field) => typeof field === "string");
    return valid && typeof holder.pid === "number" ? (holder as Holder) : undefined;
  } catch {
    return undefined; // gone meanwhile, or half-written by a holder that was killed while writing it
  }
}

/** Runs `work` holding the project's lock, a dead pid's taken over (not a timestamp: a holder blocks its event loop). */
export async function withRegenerationLock<T>(
  root: string,
  work: () => Promise<T>,
  onWait: (pid: number) => void = () => {},
): Promise<T> {
  const path = join(root, LOCK_FILE);
  mkdirSync(join(root, STAMP_FOLDER), { recursive: true });
  const project = resolve(root);
  const mine: Holder = { pid: process.pid, host: hostname(), root: project, token: `${process.pid}-${Math.random()}` };
  const started = Date.now();
  let told = false;
  let unreadableSince: number | undefined;
  for (;;) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(path);
    unreadableSince = holder ? undefined : (unreadableSince ?? Date.now());
    if (!holderAlive(holder, project)) {
      // Its holder died, or (unreadable) it is being written: that one gets a moment before it is taken over.
      if (holder || Date.now() - (unreadableSince ?? 0) > 1_000) rmSync(path, { force: true });
    } else if (Date.now() - started > WAIT_LIMIT_MS) {
      throw new Error(
        `another process (pid ${holder?.pid}) has been regenerating for over ${WAIT_LIMIT_MS / 60_000} minutes; if none is, remove ${LOCK_FILE}`,
      );
    } else if (!told && holder) {
      told = true;
      onWait(holder.pid);
    }
    await sleep(POLL_MS);
  }
  try {
    return await work();
  } finally {
    if (readHolder(path)?.token === mine.token) rmSync(path, { force: true });
  }
}
