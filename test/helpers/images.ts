// Images of a given pixel size, as base64, for tests of what images cost: real headers of each
// format, followed by filler in place of compressed pixels (no decoder ever reads it; the size
// is all that the estimates and the hold read, and the filler makes the body as large as a photo's).
import { crc32 } from "node:zlib";

const u16be = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u16le = (value: number) => Buffer.from([value & 0xff, value >> 8]);
const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u32le = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const filler = (bytes: number) => Buffer.alloc(bytes, 0x5a);

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  return Buffer.concat([u32be(data.length), typed, u32be(crc32(typed))]);
}

/** A PNG (8-bit RGB) of `width` × `height` whose image data is `payloadBytes` long. */
export function png(width: number, height: number, payloadBytes = 1024): Buffer {
  const header = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header), pngChunk("IDAT", filler(payloadBytes)), pngChunk("IEND", Buffer.alloc(0))]);
}

const jpegSegment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);

/** A baseline JPEG of `width` × `height`: JFIF, an EXIF segment of `exifBytes` (a phone's, with its thumbnail), a quantization table, then the frame. */
export function jpeg(width: number, height: number, options: { exifBytes?: number; payloadBytes?: number; frame?: number } = {}): Buffer {
  const { exifBytes = 20_000, payloadBytes = 1024, frame = 0xc0 } = options;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1")),
    jpegSegment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), filler(exifBytes)])),
    jpegSegment(0xdb, filler(65)),
    jpegSegment(frame, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])])),
    jpegSegment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])),
    filler(payloadBytes),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A GIF89a of `width` × `height`. */
export function gif(width: number, height: number, payloadBytes = 1024): Buffer {
  return Buffer.concat([Buffer.from("GIF89a", "latin1"), u16le(width), u16le(height), Buffer.from([0, 0, 0]), filler(payloadBytes), Buffer.from([0x3b])]);
}

/** A WebP of `width` × `height` in one of its three first chunks: lossy (VP8), lossless (VP8L) or extended (VP8X). */
export function webp(width: number, height: number, kind: "VP8 " | "VP8L" | "VP8X", payloadBytes = 1024): Buffer {
  let chunk: Buffer;
  if (kind === "VP8 ") chunk = Buffer.concat([Buffer.from([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a]), u16le(width), u16le(height), filler(payloadBytes)]);
  else if (kind === "VP8L") chunk = Buffer.concat([Buffer.from([0x2f]), u32le((width - 1) | ((height - 1) << 14)), filler(payloadBytes)]);
  else {
    const u24le = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff, value >> 16]);
    chunk = Buffer.concat([Buffer.from([0, 0, 0, 0]), u24le(width - 1), u24le(height - 1)]);
  }
  const body = Buffer.concat([Buffer.from("WEBP", "latin1"), Buffer.from(kind, "latin1"), u32le(chunk.length), chunk]);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), u32le(body.length), body]);
}

export const base64 = (image: Buffer) => image.toString("base64");
export const dataUrl = (image: Buffer, type = "image/png") => `data:${type};base64,${image.toString("base64")}`;
