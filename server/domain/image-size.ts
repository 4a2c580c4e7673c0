// The pixel size of an image sent as base64 (a bare payload or a `data:` URL), read from the few
// header bytes that hold it — never the whole image: the relay reads it for every image of every
// call. Only the formats the vendors take (PNG, JPEG, GIF, WebP); anything else is unknown (null).
//
// Why not a library (image-size, image-meta, image-dimensions): they read a byte buffer, so the
// base64 would have to be decoded up to the size first. A JPEG's size comes after its APP
// segments (EXIF with a thumbnail, ICC profiles: tens of KB in a phone photo, more with a large
// profile); walking the segments here decodes four bytes of each and skips the rest unread.

export type ImageSize = { width: number; height: number };

/** A JPEG's start-of-frame markers (C0–CF less DHT C4, JPG C8, DAC CC): the size follows them. */
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Far more segments than any real JPEG has before its frame: past it, the data is not read further. */
const maxJpegSegments = 200;

/** Decoded bytes [offset, offset + count) of the base64 payload that starts at `start` in `text`; null where it ends first. */
function bytesAt(text: string, start: number, offset: number, count: number): Uint8Array | null {
  const from = start + Math.floor(offset / 3) * 4;
  const to = Math.min(text.length, start + Math.ceil((offset + count) / 3) * 4);
  if (from >= to) return null;
  const decoded = Buffer.from(text.slice(from, to), "base64");
  const skip = offset % 3;
  return decoded.length >= skip + count ? decoded.subarray(skip, skip + count) : null;
}

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));
const positive = (size: ImageSize): ImageSize | null => (size.width > 0 && size.height > 0 ? size : null);

/** Where a base64 payload starts in `text`: 0 for a bare one, after the comma of a `data:image/…;base64,` URL; -1 for any other URL. */
function payloadStart(text: string): number {
  if (!text.startsWith("data:")) return /^[a-z][a-z0-9+.-]*:/i.test(text.slice(0, 16)) ? -1 : 0;
  const comma = text.indexOf(",", 0);
  return comma > 0 && comma < 200 && /^data:image\/[^,]*;base64$/i.test(text.slice(0, comma)) ? comma + 1 : -1;
}

/** The size an image's header gives, or null: not base64 of one of the four formats, or cut off before its size. */
export function imageSizeOf(text: string): ImageSize | null {
  const start = payloadStart(text);
  if (start < 0) return null;
  const head = bytesAt(text, start, 0, 30);
  if (!head) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  // PNG: the IHDR chunk comes first, width and height as 32-bit big-endian.
  if (head[0] === 0x89 && ascii(head, 1, "PNG\r\n\x1a\n") && ascii(head, 12, "IHDR")) return positive({ width: view.getUint32(16), height: view.getUint32(20) });
  // GIF: the logical screen size, 16-bit little-endian.
  if (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a")) return positive({ width: view.getUint16(6, true), height: view.getUint16(8, true) });
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP")) return webpSize(head, view);
  if (head[0] === 0xff && head[1] === 0xd8) return jpegSize(text, start);
  return null;
}

/** WebP's three first chunks (developers.google.com/speed/webp/docs/riff_container). */
function webpSize(head: Uint8Array, view: DataView): ImageSize | null {
  if (ascii(head, 12, "VP8X")) return positive({ width: 1 + (view.getUint16(24, true) | (head[26] << 16)), height: 1 + (view.getUint16(27, true) | (head[29] << 16)) });
  if (ascii(head, 12, "VP8 ") && head[23] === 0x9d && head[24] === 0x01 && head[25] === 0x2a) {
    return positive({ width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff });
  }
  if (ascii(head, 12, "VP8L") && head[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return positive({ width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) });
  }
  return null;
}

/** A JPEG's segments from the start, each read by its marker and length only, up to the frame that gives the size. */
function jpegSize(text: string, start: number): ImageSize | null {
  let at = 2;
  for (let segment = 0; segment < maxJpegSegments; segment++) {
    const marker = bytesAt(text, start, at, 4);
    if (!marker || marker[0] !== 0xff) return null;
    const kind = marker[1];
    if (kind === 0xff) {
      at += 1; // a fill byte before the marker
      continue;
    }
    if (startOfFrame.has(kind)) {
      const frame = bytesAt(text, start, at + 5, 4);
      return frame ? positive({ width: (frame[2] << 8) | frame[3], height: (frame[0] << 8) | frame[1] }) : null;
    }
    if (kind === 0xda || kind === 0xd9) return null; // scan data or the end before any frame
    // RSTn, TEM and SOI stand alone; every other marker is followed by its segment's length (which counts itself).
    at += (kind >= 0xd0 && kind <= 0xd8) || kind === 0x01 ? 2 : 2 + ((marker[2] << 8) | marker[3]);
  }
  return null;
}
