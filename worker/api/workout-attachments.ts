/**
 * Session attachments (Attachment): a partner uploads a
 * file (checked by its first bytes, stored privately in R2) or adds a link to
 * a session of a workout it authors; customers who may see the workout, and
 * partners with it in their library, download files through the
 * access-checked route, never from the public /files path.
 */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { MAX_UPLOAD_BYTES } from "../../contract/accounts";
import { MESSAGES } from "../../contract/messages";
import { ATTACHMENT_TYPES, AttachmentData, AttachmentDto, AttachmentParams, SessionParams } from "../../contract/workouts";
import { sessionAttachments, workoutSessions } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { ApiError, invalid, notFound } from "../http/errors";
import { requireAccount, requirePartnerAdmin } from "../identity/context";
import { ATTACHMENT_PREFIX, attachmentDto, authored, canReadWorkout, errors } from "./workouts";

export const workoutAttachmentsApi = new Hono<AppEnv>();

// ─── Attachments ─────────────────────────────────────────────────────────────

const SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", ext: "png", test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", ext: "gif", test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  { type: "image/webp", ext: "webp", test: (b) => b[0] === 0x52 && b[1] === 0x49 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50 },
  { type: "application/pdf", ext: "pdf", test: (b) => b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 },
  { type: "video/mp4", ext: "mp4", test: (b) => b[4] === 0x66 && b[5] === 0x74 && b[6] === 0x79 && b[7] === 0x70 },
];
const OOXML: Record<string, string> = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
};

/** The true type of an attachment file (by its first bytes; declared type only to tell zip-based documents and text apart). */
async function checkAttachmentFile(file: File): Promise<{ type: string; ext: string }> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError("payload_too_large", MESSAGES.fileTooLarge, { file: MESSAGES.fileTooLarge });
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const sig = SIGNATURES.find((s) => s.test(head));
  if (sig) return sig;
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if (isZip && OOXML[file.type]) return { type: file.type, ext: OOXML[file.type] };
  if (file.type.startsWith("text/plain") && !head.includes(0)) return { type: "text/plain", ext: "txt" };
  throw new ApiError("unsupported_media_type", MESSAGES.fileType, { file: MESSAGES.fileType });
}

endpoint(
  workoutAttachmentsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts/{id}/sessions/{sessionId}/attachments",
    summary: "Attach a file (multipart field `file`, stored privately in R2) or a value (link) to a session",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: SessionParams,
    form: { data: AttachmentData, files: [] },
    responses: {
      201: { description: "The attachment", schema: AttachmentDto },
      ...errors,
      413: { description: "File over 50 MB" },
      415: { description: `File not one of ${ATTACHMENT_TYPES.join(", ")}` },
    },
  },
  async (c, { params, form }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const { workout } = await authored(c, account.id, params.id);
    const session = await db
      .select({ id: workoutSessions.id })
      .from(workoutSessions)
      .where(and(eq(workoutSessions.id, params.sessionId), eq(workoutSessions.workoutId, workout.id)))
      .limit(1);
    if (!session[0]) throw notFound("Session not found");
    const fd = await c.req.formData();
    const raw = fd.get("file");
    const file = raw instanceof File && raw.size > 0 ? raw : null;
    const data = form.data;
    if (!file && !data.value) throw invalid({ file: MESSAGES.required });
    const id = crypto.randomUUID();
    let fileKey: string | null = null;
    if (file) {
      const checked = await checkAttachmentFile(file);
      fileKey = `${ATTACHMENT_PREFIX}/${workout.id}/${id}.${checked.ext}`;
      // Downloads keep the uploader's file name (made safe for the header), with the extension its bytes prove.
      const base = file.name.replace(/\.[^.]*$/, "").replace(/[^\w\- ]+/g, "_").trim().slice(0, 80) || id;
      await c.env.UPLOADS.put(fileKey, file.stream(), {
        httpMetadata: { contentType: checked.type, contentDisposition: `attachment; filename="${base}.${checked.ext}"` },
      });
    }
    const inserted = await db
      .insert(sessionAttachments)
      .values({
        id,
        accountId: account.id,
        workoutId: workout.id,
        sessionId: params.sessionId,
        type: data.type,
        category: data.category,
        description: data.description ?? (file ? file.name.slice(0, 300) : null),
        fileKey,
        value: file ? null : data.value,
        startDate: data.startDate,
        endDate: data.endDate,
      })
      .returning();
    return c.json(attachmentDto(inserted[0]), 201);
  },
);

endpoint(
  workoutAttachmentsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/workouts/{id}/attachments/{attachmentId}",
    summary: "Remove a session attachment (and its file)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: AttachmentParams,
    responses: { 204: { description: "Removed" }, ...errors },
  },
  async (c, { params }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const { workout } = await authored(c, account.id, params.id);
    const rows = await db
      .delete(sessionAttachments)
      .where(and(eq(sessionAttachments.id, params.attachmentId), eq(sessionAttachments.workoutId, workout.id)))
      .returning();
    if (!rows[0]) throw notFound("Attachment not found");
    if (rows[0].fileKey) await c.env.UPLOADS.delete(rows[0].fileKey);
    return c.body(null, 204);
  },
);

endpoint(
  workoutAttachmentsApi,
  "/v1",
  {
    method: "get",
    path: "/workouts/{id}/attachments/{attachmentId}/file",
    summary: "Download a session attachment's file (access-checked)",
    tags: ["workouts"],
    auth: "account",
    params: AttachmentParams,
    responses: { 200: { description: "The file" }, ...errors },
  },
  async (c, { params }) => {
    const acting = await requireAccount(c);
    const ok = await canReadWorkout(c, acting, params.id);
    if (!ok) throw notFound("Attachment not found");
    const rows = await c
      .get("db")
      .select({ fileKey: sessionAttachments.fileKey })
      .from(sessionAttachments)
      .where(and(eq(sessionAttachments.id, params.attachmentId), eq(sessionAttachments.workoutId, params.id)))
      .limit(1);
    const key = rows[0]?.fileKey;
    if (!key) throw notFound("Attachment not found");
    const object = await c.env.UPLOADS.get(key);
    if (!object) throw notFound("Attachment not found");
    const headers = new Headers({
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Disposition": object.httpMetadata?.contentDisposition ?? "attachment",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    });
    return new Response(object.body, { headers });
  },
);
