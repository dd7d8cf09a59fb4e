/**
 * The app's git-ignored folder for what the workbench keeps between runs (coverage records,
 * regeneration stamps, drift reports), relative to its root; tooling/scratch-folder.ts uses it too.
 */
export const CACHE_FOLDER = ".cache";
