/**
 * Session attachments (Attachment): a partner uploads a
 * file (checked by its first bytes, stored privately in R2) or adds a link to
 * a session of a workout it authors; customers who may see the workout, and
 * partners with it in their library, download files through the
 * access-checked route, never from the public /files path.
 */
import { Hono } from "hono";
import { MESSAGES } from "../../contract/messages";
import { ATTACHMENT_TYPES, AttachmentData, AttachmentDto, AttachmentParams, SessionParams } from "../../contract/workouts";
import { addAttachment, authoredSession, removeAttachment } from "../data/attachments";
import { publishLater } from "../flows/queue";
import { readableAttachmentFile } from "../data/visibility";
import { ATTACHMENT_PREFIX, attachmentDto } from "../data/workout-read";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import { errorResponses } from "../http/responses";
import { privateDownload } from "../storage/files";
import { putPrivateFile, removeUploads } from "../storage/uploads";

export const workoutAttachmentsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner owner or admin, or not the author", 404: "Absent, or not in the caller's library" });

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
    form: { data: AttachmentData, files: [{ field: "file", kind: "attachment" }] },
    responses: {
      201: { description: "The attachment", schema: AttachmentDto },
      ...errors,
      413: { description: "File over 50 MB" },
      415: { description: `File not one of ${ATTACHMENT_TYPES.join(", ")}` },
    },
  },
  async (c, { params, form }, scope) => {
    const db = c.get("db");
    const workout = await authoredSession(db, scope, params.id, params.sessionId);
    const checked = form.files.file;
    const file = checked?.file ?? null;
    const data = form.data;
    if (!file && !data.value) throw invalid({ file: MESSAGES.required });
    const id = crypto.randomUUID();
    let fileKey: string | null = null;
    if (file && checked) {
      fileKey = `${ATTACHMENT_PREFIX}/${workout.id}/${id}.${checked.ext}`;
      await putPrivateFile(c.env.UPLOADS, fileKey, checked, id);
    }
    const inserted = await addAttachment(db, scope, workout, params.sessionId, {
      id,
      type: data.type,
      category: data.category,
      description: data.description ?? (file ? file.name.slice(0, 300) : null),
      fileKey,
      value: file ? null : data.value,
      startDate: data.startDate,
      endDate: data.endDate,
    });
    await publishLater(c.env, c.get("shard").name, workout.id);
    return c.json(attachmentDto(inserted), 201);
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
  async (c, { params }, scope) => {
    const removed = await removeAttachment(c.get("db"), scope, params.id, params.attachmentId);
    if (removed.fileKey) await removeUploads(c.env.UPLOADS, removed.fileKey);
    await publishLater(c.env, c.get("shard").name, params.id);
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
    responses: { 200: { description: "The file, with its stored content type", contentType: "application/octet-stream" }, ...errors },
  },
  async (c, { params }, scope) => {
    // A customer downloads only within the attachment's dates, as the catalogue shows it.
    const key = await readableAttachmentFile(c.get("db"), scope, params.id, params.attachmentId);
    if (!key) throw notFound("Attachment not found");
    const download = await privateDownload(c.env.UPLOADS, key);
    if (!download) throw notFound("Attachment not found");
    return download;
  },
);
