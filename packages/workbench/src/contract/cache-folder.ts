/** The app's git-ignored folder for what the workbench keeps between runs, relative to its root. */
export const CACHE_FOLDER = ".cache";
