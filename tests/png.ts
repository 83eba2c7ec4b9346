/**
 * Real PNG files of any size in one colour, made without a library (stored
 * deflate blocks), for upload tests in workerd and in the browser.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function chunk(type: string, data: number[] | Uint8Array): number[] {
  const body = Uint8Array.from([...[...type].map((ch) => ch.charCodeAt(0)), ...data]);
  return [...u32(data.length), ...body, ...u32(crc32(body))];
}

/** The bytes of a `width` × `height` PNG of one RGB colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [37, 99, 235]): Uint8Array<ArrayBuffer> {
  const row = [0, ...Array.from({ length: width }, () => rgb).flat()];
  const raw = Array.from({ length: height }, () => row).flat();
  // zlib: a header, stored blocks of at most 65535 bytes, then the Adler-32 of the raw data.
  const deflate: number[] = [0x78, 0x01];
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const part = raw.slice(at, at + 65535);
    const last = at + 65535 >= raw.length ? 1 : 0;
    deflate.push(last, part.length & 0xff, part.length >>> 8, ~part.length & 0xff, (~part.length >>> 8) & 0xff, ...part);
    if (last) break;
  }
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  deflate.push(...u32(((b << 16) | a) >>> 0));
  const ihdr = [...u32(width), ...u32(height), 8, 2, 0, 0, 0];
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk("IHDR", ihdr), ...chunk("IDAT", deflate), ...chunk("IEND", [])]);
}
