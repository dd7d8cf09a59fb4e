/**
 * The tag every contract gallery story carries. Contract coverage leaves tagged stories
 * out: the gallery calls every operation by construction, which says nothing about the
 * screens. Storybook reads tags from the source, so story files spell it as a literal.
 */
export const GALLERY_TAG = "gallery";

/**
 * Under Vitest, the theme project that runs a generated gallery story: each story runs in
 * one theme only, and the batches alternate between the two story projects, so both halves
 * run side by side and the gallery is checked in both themes (vite.config.ts excludes the
 * other theme's tag). Written as literals into the generated stories, where Storybook reads tags.
 */
export const GALLERY_THEME_TAG = { light: "gallery-light", dark: "gallery-dark" } as const;
