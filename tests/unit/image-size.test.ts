import { describe, expect, it } from "vitest";
import { imageSize } from "../../worker/storage/uploads";
import { solidPng } from "../png";

/** A RIFF/WEBP header whose first chunk is `chunk`, its data (`body`) from byte 20. */
function webp(chunk: string, body: number[]): Uint8Array {
  const bytes = new Uint8Array(20 + Math.max(12, body.length));
  bytes.set(
    [..."RIFF"].map((c) => c.charCodeAt(0)),
    0,
  );
  bytes.set(
    [..."WEBP"].map((c) => c.charCodeAt(0)),
    8,
  );
  bytes.set(
    [...chunk].map((c) => c.charCodeAt(0)),
    12,
  );
  bytes.set(body, 20);
  return bytes;
}

describe("imageSize (the mark's shape, read from the header)", () => {
  it("reads a PNG's IHDR", () => {
    expect(imageSize(solidPng(120, 40).slice(0, 32))).toEqual({ width: 120, height: 40 });
  });

  it("reads lossy (VP8), lossless (VP8L) and extended (VP8X) WebP", () => {
    // VP8: frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height, little-endian.
    expect(imageSize(webp("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 300 & 0xff, 300 >> 8, 200 & 0xff, 200 >> 8]))).toEqual({ width: 300, height: 200 });
    // VP8L: signature 0x2f, then width-1 and height-1 in 14 bits each.
    const bits = (511 & 0x3fff) | ((255 & 0x3fff) << 14);
    expect(imageSize(webp("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]))).toEqual({
      width: 512,
      height: 256,
    });
    // VP8X: flags and reserved (4 bytes), then canvas width-1 and height-1 in 24 bits each.
    expect(imageSize(webp("VP8X", [0, 0, 0, 0, 999 & 0xff, 999 >> 8, 0, 1023 & 0xff, 1023 >> 8, 0]))).toEqual({ width: 1000, height: 1024 });
  });

  it("answers null for a header that does not say (JPEG, GIF, bytes too short)", () => {
    expect(imageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(28).fill(0)]))).toBeNull();
    expect(imageSize(Uint8Array.from([0x47, 0x49, 0x46, 0x38, ...new Array(28).fill(0)]))).toBeNull();
    expect(imageSize(solidPng(4, 4).slice(0, 12))).toBeNull();
  });
});
