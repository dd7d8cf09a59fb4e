/**
 * The tag every contract gallery story carries, which contract coverage leaves out: the gallery
 * calls every operation by construction. Storybook reads tags from the source, so stories spell it.
 */
export const GALLERY_TAG = "gallery";

/**
 * Under Vitest, the theme project that runs a generated gallery story: the batches alternate
 * between the two story projects, each excluding the other's tag (tests/setup/projects.ts).
 */
export const GALLERY_THEME_TAG = { light: "gallery-light", dark: "gallery-dark" } as const;
