/**
 * The tag every contract gallery story carries. Contract coverage leaves tagged stories
 * out: the gallery calls every operation by construction, which says nothing about the
 * screens. Storybook reads tags from the source, so story files spell it as a literal.
 */
export const GALLERY_TAG = "gallery";
