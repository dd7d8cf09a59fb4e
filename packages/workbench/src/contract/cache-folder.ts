/**
 * The app's git-ignored folder for what the workbench keeps between runs (coverage records,
 * regeneration stamps, drift reports), relative to the app's root. The repository's own
 * scratch copies live there too (tooling/scratch-folder.ts names it for them).
 */
export const CACHE_FOLDER = ".cache";
