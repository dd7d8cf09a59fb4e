// `@contract-workbench/workbench/storybook`: what a Storybook's main.ts adds (Node): the
// contract gallery's indexer and Vite plugin, and the Contract/Coverage page's report.
export { contractGallery, galleryBatches, galleryIndexer, galleryPairs } from "../gallery/contract-gallery.ts";
export { contractCoveragePage } from "../coverage/contract-coverage.ts";
