import { describe, expect, it } from "vitest";
import { compareScreenshots } from "./compare.ts";

/** A `width` × `height` RGBA image of one colour. */
function image(width: number, height: number, rgba: [number, number, number, number] = [255, 255, 255, 255]) {
  const data = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) data.set(rgba, pixel * 4);
  return { metadata: { width, height }, data };
}

function pixelAt(data: Uint8Array, width: number, x: number, y: number): number[] {
  return Array.from(data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4));
}

describe("compareScreenshots", () => {
  it("passes identical images", () => {
    expect(compareScreenshots(image(4, 3), image(4, 3), { createDiff: true })).toMatchObject({
      pass: true,
      message: null,
    });
  });

  it("fails on one changed pixel and marks it in the diff", () => {
    const actual = image(4, 3);
    actual.data.set([0, 0, 0, 255], (1 * 4 + 2) * 4);
    const result = compareScreenshots(image(4, 3), actual, { createDiff: true });
    expect(result).toMatchObject({ pass: false, message: "1 pixels differ." });
    expect(pixelAt(result.diff!, 4, 2, 1)).toEqual([255, 0, 0, 255]);
  });

  it("fails on a size change with a diff of the reference's size, the lost area painted", () => {
    const reference = image(4, 3);
    const actual = image(4, 2); // a row shorter, otherwise identical
    const result = compareScreenshots(reference, actual, { createDiff: true });
    expect(result.pass).toBe(false);
    expect(result.message).toBe("The size changed from 4×3px to 4×2px; 0 pixels of the area both share differ.");
    expect(result.diff).toHaveLength(4 * 3 * 4);
    expect(pixelAt(result.diff!, 4, 0, 2)).toEqual([255, 0, 255, 255]);
    expect(pixelAt(result.diff!, 4, 0, 0)).not.toEqual([255, 0, 255, 255]);
  });

  it("compares the shared area when the actual image is larger", () => {
    const actual = image(5, 3);
    actual.data.set([0, 0, 0, 255], (0 * 5 + 1) * 4);
    const result = compareScreenshots(image(4, 3), actual, { createDiff: false });
    expect(result).toMatchObject({ pass: false, diff: null });
    expect(result.message).toContain("1 pixels of the area both share differ");
  });
});
