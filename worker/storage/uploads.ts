import { MAX_UPLOAD_BYTES } from "../../contract/accounts";
import { MESSAGES } from "../../contract/messages";
import { ApiError } from "../http/errors";

/** Image types accepted for uploads, recognised by their first bytes (the declared type is not trusted). */
const SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", ext: "png", test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", ext: "gif", test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) => b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50,
  },
];

export type UploadRule = { field: string; maxBytes?: number; types?: readonly string[] };

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
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const match = SIGNATURES.find((s) => s.test(head) && (!rule.types || rule.types.includes(s.type)));
  if (!match) throw new ApiError("unsupported_media_type", MESSAGES.fileType, { [rule.field]: MESSAGES.fileType });
  return { field: rule.field, file, type: match.type, ext: match.ext };
}

/** Stores a checked upload under `prefix`, with its true content type; answers its key. */
export async function storeUpload(bucket: R2Bucket, prefix: string, upload: CheckedUpload): Promise<string> {
  const key = `${prefix}/${crypto.randomUUID()}.${upload.ext}`;
  await bucket.put(key, upload.file.stream(), { httpMetadata: { contentType: upload.type } });
  return key;
}
