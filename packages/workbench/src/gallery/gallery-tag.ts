/** Left out of contract coverage (the gallery calls every operation); stories spell it, as Storybook reads the source. */
export const GALLERY_TAG = "gallery";

/** The batches alternate between the two story projects, each excluding the other's tag (tests/setup/projects.ts). */
export const GALLERY_THEME_TAG = { light: "gallery-light", dark: "gallery-dark" } as const;
