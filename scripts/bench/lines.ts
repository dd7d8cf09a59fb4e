/**
 * `npm run bench:lines`: the hand-written lines of the two packages, by room, against the target
 * (at most 23,000). Counted: non-blank lines of the TypeScript Git tracks under `packages/*\/src`,
 * without tests, type tests, stories, declarations and generated files; comment lines beside them.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const TARGET = 23_000;
const root = resolve(import.meta.dirname, "../..");
const files = execFileSync("git", ["ls-files", "packages/runtime/src", "packages/workbench/src"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.tsx?$/.test(file) && !/\.(test|test-d|stories)\.|\/generated\/|\.d\.ts$/.test(file));

if (files.length === 0) {
  console.error("bench:lines: no source found under packages/runtime/src or packages/workbench/src.");
  process.exit(1);
}

const rooms = new Map<string, { lines: number; comments: number }>();
for (const file of files) {
  // A room is a package's top folder under src/ (the runtime is one room).
  const room = file.startsWith("packages/runtime/") ? "runtime" : `workbench/${file.split("/")[3]}`;
  const lines = readFileSync(resolve(root, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  const count = rooms.get(room) ?? { lines: 0, comments: 0 };
  count.lines += lines.length;
  count.comments += lines.filter((line) => /^\s*(\/\/|\/\*|\*)/.test(line)).length;
  rooms.set(room, count);
}

const total = [...rooms.values()].reduce((sum, room) => sum + room.lines, 0);
const comments = [...rooms.values()].reduce((sum, room) => sum + room.comments, 0);
for (const [room, count] of [...rooms].sort((a, b) => b[1].lines - a[1].lines)) {
  console.log(`${room.padEnd(24)} ${String(count.lines).padStart(6)} lines, ${count.comments} of them comments`);
}
console.log(
  `${"total".padEnd(24)} ${String(total).padStart(6)} lines, ${comments} of them comments, ${files.length} files`,
);
console.log(`target ≤ ${TARGET.toLocaleString("en")}: ${total <= TARGET ? "met" : `${total - TARGET} over`}`);
