/**
 * A booking's loose ends, on both sides of a job: the customer under
 * `v1/bookings/{id}`, the partner under `v1/jobs/{id}`. Action items are
 * ticked done (or undone) by their own side; files and links are shared,
 * listed, downloaded and deleted by both sides of the job and nobody else.
 */
import { Hono, type Context } from "hono";
import { ActionItemDone, ActionItemParams, JobArtifactData, JobArtifactDto, JobArtifactList, JobArtifactParams } from "../../contract/job-extras";
import { JobDto, JobIdParam } from "../../contract/bookings";
import { MESSAGES } from "../../contract/messages";
import { ATTACHMENT_TYPES } from "../../contract/workouts";
import { setActionItemDone } from "../data/job-action-items";
import { JOB_FILES_PREFIX, addArtifact, artifactFileKey, jobToShareOn, listArtifacts, removeArtifact } from "../data/job-artifacts";
import { customerJobs, partnerJobs, type JobOwner } from "../data/jobs";
import type { AppEnv, Db } from "../env";
import { writeOnJob } from "./job-commit";
import { endpoint, type CustomerScope, type PartnerScope } from "../http/endpoint";
import { ApiError, invalid, notFound } from "../http/errors";
import { errorResponses } from "../http/responses";
import { privateDownload } from "../storage/files";
import { historyShards } from "../tenant/scope";
import { putPrivateFile, removeUploads, type CheckedUpload } from "../storage/uploads";

export const jobExtrasApi = new Hono<AppEnv>();

/** The type of a shared file, from its checked content type. */
const fileType = (contentType: string) => (contentType.startsWith("image/") ? "image" : contentType.startsWith("video/") ? "video" : "document");

/** Stores a shared file and records it; the stored file is removed again if the record fails. */
async function share(
  c: Context<AppEnv>,
  db: Db,
  owner: JobOwner,
  jobId: string,
  data: { name: string | null; value: string | null },
  checked: CheckedUpload | undefined,
) {
  if (!checked && !data.value) throw invalid({ file: MESSAGES.required });
  const job = await jobToShareOn(db, owner, jobId);
  const id = crypto.randomUUID();
  if (!checked) return addArtifact(db, owner, job, { id, type: "link", name: data.name ?? data.value!.slice(0, 200), fileKey: null, value: data.value });
  const fileKey = `${JOB_FILES_PREFIX}/${job.id}/${id}.${checked.ext}`;
  await putPrivateFile(c.env.UPLOADS, fileKey, checked, id);
  try {
    return await addArtifact(db, owner, job, {
      id,
      type: fileType(checked.type),
      name: data.name ?? (checked.file.name.slice(0, 200) || id),
      fileKey,
      value: null,
    });
  } catch (err) {
    await removeUploads(c.env.UPLOADS, fileKey, { bestEffort: true });
    throw err;
  }
}

/**
 * A read on one of the owner's jobs (its shared files, a file's download): on
 * the request's shard and, for a customer, read-only on each shard it lived
 * on before a re-link (docs/decisions/2026-11-27-relinked-bookings.md), side
 * by side. The request's shard's answer first; its 404 when no shard has the job.
 */
async function readOnJobShards<T>(c: Context<AppEnv>, owner: JobOwner, read: (db: Db, former: boolean) => Promise<T>): Promise<T> {
  const own = read(c.get("db"), false);
  // Settled below, once the former shards are known: not an unhandled rejection meanwhile.
  own.catch(() => undefined);
  const history = owner.side === "customer" ? await historyShards(c, owner.accountId) : [];
  const [here, ...before] = await Promise.allSettled([own, ...history.map((db) => read(db, true))]);
  if (here.status === "fulfilled") return here.value;
  // Only an absent job is looked for on the former shards; any other failure is the request's.
  const absent = here.reason instanceof ApiError && here.reason.code === "not_found";
  const found = absent ? before.find((r) => r.status === "fulfilled") : undefined;
  if (found) return found.value;
  throw here.reason;
}

/** Registers one side's routes: `auth` guards them, `ownerOf` gives the side's view of its jobs. */
function sideRoutes(
  base: "/bookings" | "/jobs",
  auth: "customer" | "partner",
  tickAuth: "customer" | "partnerAdmin",
  ownerOf: (scope: CustomerScope | PartnerScope) => JobOwner,
) {
  const who = base === "/bookings" ? "customer" : "partner";
  const errors = errorResponses({ 403: `Not a ${who} account you belong to`, 404: "Absent, or not a job of the caller's" });

  endpoint(
    jobExtrasApi,
    "/v1",
    {
      method: "put",
      path: `${base}/{id}/action-items/{itemId}`,
      summary: `Mark one of the ${who}'s action items on a job done, or not done`,
      tags: [base.slice(1)],
      auth: tickAuth,
      params: ActionItemParams,
      body: ActionItemDone,
      responses: {
        200: { description: "The job", schema: JobDto },
        ...errorResponses({ 403: "Not allowed", 404: "Absent, or not the caller's", 409: "The job is cancelled" }),
      },
    },
    async (c, { params, body }, scope) =>
      c.json(await writeOnJob(c, ownerOf(scope), params.id, (db, owner) => setActionItemDone(db, owner, params.id, params.itemId, body.done))),
  );

  endpoint(
    jobExtrasApi,
    "/v1",
    {
      method: "get",
      path: `${base}/{id}/artifacts`,
      summary: "The files and links shared on a job",
      tags: [base.slice(1)],
      auth,
      params: JobIdParam,
      responses: { 200: { description: "The shared files and links, oldest first", schema: JobArtifactList }, ...errors },
    },
    async (c, { params }, scope) =>
      c.json(
        await readOnJobShards(c, ownerOf(scope), async (db, former) => {
          const list = await listArtifacts(db, ownerOf(scope), params.id);
          // What stays where the customer lived before is read only.
          return former ? { items: list.items.map((a) => ({ ...a, canDelete: false })) } : list;
        }),
      ),
  );

  endpoint(
    jobExtrasApi,
    "/v1",
    {
      method: "post",
      path: `${base}/{id}/artifacts`,
      summary: "Share a file (multipart field `file`, stored privately in R2) or a link on a job",
      tags: [base.slice(1)],
      auth,
      params: JobIdParam,
      form: { data: JobArtifactData, files: [{ field: "file", kind: "attachment" }] },
      responses: {
        201: { description: "The shared file or link", schema: JobArtifactDto },
        ...errorResponses({ 403: `Not a ${who} account you belong to`, 404: "Absent, or not a job of the caller's", 409: "The job is cancelled" }),
        413: { description: "File over 50 MB" },
        415: { description: `File not one of ${ATTACHMENT_TYPES.join(", ")}` },
      },
    },
    async (c, { params, form }, scope) =>
      c.json(await writeOnJob(c, ownerOf(scope), params.id, (db, owner) => share(c, db, owner, params.id, form.data, form.files.file)), 201),
  );

  endpoint(
    jobExtrasApi,
    "/v1",
    {
      method: "get",
      path: `${base}/{id}/artifacts/{artifactId}/file`,
      summary: "Download a file shared on a job (access-checked)",
      tags: [base.slice(1)],
      auth,
      params: JobArtifactParams,
      responses: { 200: { description: "The file, with its stored content type", contentType: "application/octet-stream" }, ...errors },
    },
    async (c, { params }, scope) => {
      const key = await readOnJobShards(c, ownerOf(scope), (db) => artifactFileKey(db, ownerOf(scope), params.id, params.artifactId));
      const download = await privateDownload(c.env.UPLOADS, key);
      if (!download) throw notFound("Shared file not found");
      return download;
    },
  );

  endpoint(
    jobExtrasApi,
    "/v1",
    {
      method: "delete",
      path: `${base}/{id}/artifacts/{artifactId}`,
      summary: "Delete a file or link shared on a job (one's own; a partner's owners and admins, any on their jobs)",
      tags: [base.slice(1)],
      auth,
      params: JobArtifactParams,
      responses: {
        204: { description: "Deleted" },
        ...errorResponses({ 403: "Not one's own share, or not a partner's owner or admin", 404: "Absent, or not a job of the caller's" }),
      },
    },
    async (c, { params }, scope) => {
      const key = await writeOnJob(c, ownerOf(scope), params.id, (db, owner) => removeArtifact(db, owner, params.id, params.artifactId));
      if (key) await removeUploads(c.env.UPLOADS, key, { bestEffort: true });
      return c.body(null, 204);
    },
  );
}

sideRoutes("/bookings", "customer", "customer", (scope) => customerJobs(scope as CustomerScope));
sideRoutes("/jobs", "partner", "partnerAdmin", (scope) => partnerJobs(scope as PartnerScope));
