import { MAX_UPLOAD_BYTES } from "../../contract/accounts";
import { MESSAGES } from "../../contract/messages";
import { ApiError, invalid } from "../http/errors";

/**
 * The one table of file types the product recognises by their first bytes (the
 * declared type is never trusted): images for uploads, and the documents and
 * videos a session attachment may also be.
 */
const SIGNATURES: { type: string; ext: string; image: boolean; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", ext: "png", image: true, test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", ext: "jpg", image: true, test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", ext: "gif", image: true, test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    type: "image/webp",
    ext: "webp",
    image: true,
    test: (b) => b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50,
  },
  { type: "application/pdf", ext: "pdf", image: false, test: (b) => b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 },
  { type: "video/mp4", ext: "mp4", image: false, test: (b) => b[4] === 0x66 && b[5] === 0x74 && b[6] === 0x79 && b[7] === 0x70 },
];

/** Zip-based office documents: their bytes only say "zip", so the declared type tells which. */
const OOXML: Record<string, string> = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
};

/**
 * The true type of a session attachment's file: an image, PDF or MP4 by its
 * first bytes, an office document (zip bytes and a declared OOXML type), or
 * plain text (declared, with no NUL byte); anything else is 415, over 50 MB 413.
 */
export async function checkAttachmentFile(file: File): Promise<{ type: string; ext: string }> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError("payload_too_large", MESSAGES.fileTooLarge, { file: MESSAGES.fileTooLarge });
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const sig = SIGNATURES.find((s) => s.test(head));
  if (sig) return { type: sig.type, ext: sig.ext };
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const officeExt = OOXML[file.type];
  if (isZip && officeExt) return { type: file.type, ext: officeExt };
  if (file.type.startsWith("text/plain") && !head.includes(0)) return { type: "text/plain", ext: "txt" };
  throw new ApiError("unsupported_media_type", MESSAGES.fileType, { file: MESSAGES.fileType });
}

/**
 * A file field of a multipart body: an image by default (checkImage), or a
 * session attachment (`kind: "attachment"`, checkAttachmentFile).
 */
export type UploadRule = {
  field: string;
  maxBytes?: number;
  types?: readonly string[];
  /** The field's own words for a type outside `types` (else the general "File type is not allowed"). */
  typeMessage?: string;
  /** Width over height must lie within [min, max] (PNG and WebP only: their sizes are read from the header); 400 otherwise. */
  aspect?: { min: number; max: number; message: string };
  kind?: "image" | "attachment";
};

export type CheckedUpload = { field: string; file: File; type: string; ext: string };

/**
 * A file under 50 MB (413 above) of an allowed image type (415
 * otherwise, including SVG: never accepted, so no upload can carry script).
 */
export async function checkImage(file: File, rule: UploadRule): Promise<CheckedUpload> {
  const max = rule.maxBytes ?? MAX_UPLOAD_BYTES;
  if (file.size > max) {
    throw new ApiError("payload_too_large", MESSAGES.fileTooLarge, { [rule.field]: `File must be under ${Math.round(max / 1024 / 1024)}MB` });
  }
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const match = SIGNATURES.find((s) => s.image && s.test(head) && (!rule.types || rule.types.includes(s.type)));
  if (!match) {
    const refused = rule.typeMessage ?? MESSAGES.fileType;
    throw new ApiError("unsupported_media_type", refused, { [rule.field]: refused });
  }
  if (rule.aspect) {
    const size = imageSize(head);
    const ratio = size && size.height > 0 ? size.width / size.height : NaN;
    if (!(ratio >= rule.aspect.min && ratio <= rule.aspect.max)) throw invalid({ [rule.field]: rule.aspect.message });
  }
  return { field: rule.field, file, type: match.type, ext: match.ext };
}

const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const tag = (b: Uint8Array, i: number) => String.fromCharCode(...b.slice(i, i + 4));

/**
 * The pixel size a PNG or WebP states in its first 30 bytes (PNG's IHDR;
 * WebP's VP8, VP8L or VP8X chunk); null for any other image or a header
 * that does not say.
 */
export function imageSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length >= 24 && tag(b, 1) === "PNG\r" && tag(b, 12) === "IHDR") {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length < 30 || tag(b, 0) !== "RIFF" || tag(b, 8) !== "WEBP") return null;
  const chunk = tag(b, 12);
  if (chunk === "VP8 ") return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** A file checked by its field's rule. */
export async function checkUpload(file: File, rule: UploadRule): Promise<CheckedUpload> {
  if (rule.kind === "attachment") return { field: rule.field, file, ...(await checkAttachmentFile(file)) };
  return checkImage(file, rule);
}

/** Stores a checked upload under `prefix`, with its true content type; answers its key. */
export async function storeUpload(bucket: R2Bucket, prefix: string, upload: CheckedUpload): Promise<string> {
  const key = `${prefix}/${crypto.randomUUID()}.${upload.ext}`;
  await bucket.put(key, upload.file.stream(), { httpMetadata: { contentType: upload.type } });
  return key;
}

/**
 * Stores a checked private file (a session attachment, a file shared on a
 * job) under `key`: its true type, and a download that keeps the uploader's
 * file name (made safe for the header, `fallback` when nothing is left) with
 * the extension its bytes prove.
 */
export async function putPrivateFile(bucket: R2Bucket, key: string, checked: { file: File; type: string; ext: string }, fallback: string): Promise<void> {
  const base =
    checked.file.name
      .replace(/\.[^.]*$/, "")
      .replace(/[^\w\- ]+/g, "_")
      .trim()
      .slice(0, 80) || fallback;
  await bucket.put(key, checked.file.stream(), {
    httpMetadata: { contentType: checked.type, contentDisposition: `attachment; filename="${base}.${checked.ext}"` },
  });
}

/**
 * Removes stored files by key. `bestEffort` swallows a storage failure: used
 * when the database already points elsewhere and a left-over file only costs
 * space; otherwise the failure reaches the caller.
 */
export async function removeUploads(bucket: R2Bucket, keys: string | string[], { bestEffort = false } = {}): Promise<void> {
  const list = typeof keys === "string" ? [keys] : keys;
  if (list.length === 0) return;
  const removal = bucket.delete(list);
  await (bestEffort ? removal.catch(() => {}) : removal);
}
