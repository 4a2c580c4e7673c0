import { afterEach, describe, expect, it, vi } from "vitest";
import { base64, dataUrl, gif, jpeg, png, webp } from "../../test/helpers/images.ts";
import { imageSizeOf } from "./image-size.ts";

afterEach(() => vi.restoreAllMocks());

describe("imageSizeOf", () => {
  it.each([
    ["PNG", png(1920, 1080)],
    ["JPEG (baseline, after a 20 KB EXIF segment)", jpeg(1920, 1080)],
    ["JPEG (progressive)", jpeg(1920, 1080, { frame: 0xc2 })],
    ["GIF", gif(1920, 1080)],
    ["WebP (lossy)", webp(1920, 1080, "VP8 ")],
    ["WebP (lossless)", webp(1920, 1080, "VP8L")],
    ["WebP (extended)", webp(1920, 1080, "VP8X")],
  ])("reads the size of a %s, from bare base64 and from a data URL", (_format, image) => {
    expect(imageSizeOf(base64(image))).toEqual({ width: 1920, height: 1080 });
    expect(imageSizeOf(dataUrl(image))).toEqual({ width: 1920, height: 1080 });
  });

  it("decodes only the header: a few dozen characters of a 4 MB PNG, and of a JPEG whose size follows 60 KB of EXIF", () => {
    const decoded = vi.spyOn(Buffer, "from");
    const charsDecoded = () => decoded.mock.calls.reduce((sum, [value]) => sum + (typeof value === "string" ? value.length : 0), 0);
    const photo = base64(png(4000, 3000, 4_000_000));
    const phone = base64(jpeg(4032, 3024, { exifBytes: 60_000, payloadBytes: 3_000_000 }));
    decoded.mockClear();
    expect(imageSizeOf(photo)).toEqual({ width: 4000, height: 3000 });
    expect(charsDecoded()).toBeLessThan(64);
    decoded.mockClear();
    expect(imageSizeOf(phone)).toEqual({ width: 4032, height: 3024 });
    expect(charsDecoded()).toBeLessThan(200);
  });

  it("is null where no size can be read: a URL, another format, data cut off before the size, text", () => {
    expect(imageSizeOf("https://example.com/cat.png")).toBeNull();
    expect(imageSizeOf("data:application/pdf;base64,JVBERi0xLjQK")).toBeNull();
    expect(imageSizeOf(base64(Buffer.from("%PDF-1.4 not an image at all, but long enough")))).toBeNull();
    expect(imageSizeOf(base64(png(10, 10)).slice(0, 20))).toBeNull();
    expect(imageSizeOf(base64(jpeg(10, 10)).slice(0, 20_000))).toBeNull();
    expect(imageSizeOf("iVBORw0KGgo".repeat(100))).toBeNull(); // a PNG signature, then no IHDR
    expect(imageSizeOf("")).toBeNull();
  });
});
