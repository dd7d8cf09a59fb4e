// The screenshot comparator of the visual baselines (runs in Node, inside Vitest's
// browser server). Vitest's built-in pixelmatch comparator gives up without a diff image
// when the size changed, which is what most token changes do (spacing, type scale, line
// height); this one diffs the area both images share and still leaves a diff image.
import pixelmatch from "pixelmatch";

declare module "@vitest/browser/context" {
  interface ScreenshotComparatorRegistry {
    "any-size": CompareOptions;
  }
}

interface Image {
  metadata: { width: number; height: number };
  data: Uint8Array | Uint8ClampedArray;
}

export interface CompareOptions extends Record<string, unknown> {
  /** Per-pixel colour distance (YIQ) below which two pixels count as equal; 0 to 1. */
  threshold?: number;
}

/** Painted where the reference has pixels the actual image no longer covers. */
const OUTSIDE: readonly [number, number, number, number] = [255, 0, 255, 255];

/** The top-left `width` × `height` pixels of `image`, as RGBA. */
function crop(image: Image, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const start = row * image.metadata.width * 4;
    out.set(image.data.subarray(start, start + width * 4), row * width * 4);
  }
  return out;
}

/**
 * Compares two RGBA images of any size; every differing pixel fails (rendering on one
 * machine is deterministic, so there is nothing to tolerate beyond anti-aliasing). The
 * diff image has the reference's size, because Vitest writes it with the reference's
 * dimensions: where the sizes differ, the reference's uncovered part is magenta.
 */
export function compareScreenshots(
  reference: Image,
  actual: Image,
  { createDiff, threshold = 0.1 }: { createDiff: boolean } & CompareOptions,
): { pass: boolean; diff: Uint8Array | null; message: string | null } {
  const { width, height } = reference.metadata;
  const sameSize = width === actual.metadata.width && height === actual.metadata.height;
  const shared = { width: Math.min(width, actual.metadata.width), height: Math.min(height, actual.metadata.height) };
  const sharedDiff = createDiff ? new Uint8Array(shared.width * shared.height * 4) : undefined;
  const differing = pixelmatch(
    sameSize ? reference.data : crop(reference, shared.width, shared.height),
    sameSize ? actual.data : crop(actual, shared.width, shared.height),
    sharedDiff,
    shared.width,
    shared.height,
    { threshold },
  );
  if (sameSize) {
    return {
      pass: differing === 0,
      diff: sharedDiff ?? null,
      message: differing === 0 ? null : `${differing} pixels differ.`,
    };
  }

  let diff: Uint8Array | null = null;
  if (sharedDiff) {
    diff = new Uint8Array(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel += 1) diff.set(OUTSIDE, pixel * 4);
    for (let row = 0; row < shared.height; row += 1) {
      const rowBytes = sharedDiff.subarray(row * shared.width * 4, (row + 1) * shared.width * 4);
      diff.set(rowBytes, row * width * 4);
    }
  }
  return {
    pass: false,
    diff,
    message:
      `The size changed from ${width}×${height}px to ${actual.metadata.width}×${actual.metadata.height}px; ` +
      `${differing} pixels of the area both share differ.`,
  };
}
