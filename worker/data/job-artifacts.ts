/**
 * Files and links shared on a job (job artifacts), by its customer and its
 * partner side: both sides of the job read them, nobody else (another
 * customer or partner reads the job as absent: 404). A file lives privately
 * in R2 under `private/jobs/<job>/` and is downloaded through the job's
 * access-checked route. The uploader deletes its own; the partner's owners
 * and admins delete any on their jobs. Each share and removal writes its
 * audit entry in the same batch.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { JobArtifactDto, JobArtifactList } from "../../contract/job-extras";
import type { JobArtifactType } from "../../contract/enums";
import { jobArtifacts, jobs, users, type JobArtifact } from "../../db/schema";
import type { Db } from "../env";
import { conflict, forbidden, notFound } from "../http/errors";
import { auditStatement, auditWhen } from "./audit";
import { notDeliveryCopy, type JobOwner } from "./jobs";
import { extrasChanged } from "./copy-versions";
import { d1Of, runBatch } from "./statements";

export const JOB_FILES_PREFIX = "private/jobs";

/** The download path of a shared file: under the side's own area, so the same access check applies. */
const fileUri = (owner: JobOwner, jobId: string, id: string) => `/v1/${owner.side === "customer" ? "bookings" : "jobs"}/${jobId}/artifacts/${id}/file`;

/** Who a share is for: the other side of its author (schema: `assigneeType`). */
const forOtherSide = (owner: JobOwner) => (owner.side === "customer" ? "deliveryPartner" : "recipient");
const sharedBy = (a: Pick<JobArtifact, "assigneeType">) => (a.assigneeType === "recipient" ? "partner" : "customer");

/** May the owner delete this share: its own, or any on the job for a partner's owner or admin. */
const mayDelete = (owner: JobOwner, a: Pick<JobArtifact, "createdByUserId">) =>
  a.createdByUserId === owner.userId || (owner.side === "partner" && !owner.readOnly);

/** One of the owner's jobs (id, customer, status), or 404; `acting` (a write): not a delivery copy, whose job is written on its own shard. */
export async function ownersJob(db: Db, owner: JobOwner, jobId: string, acting = false) {
  const [job] = await db
    .select({ id: jobs.id, accountId: jobs.accountId, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), owner.where, acting ? notDeliveryCopy(owner) : undefined))
    .limit(1);
  if (!job) throw notFound("Booking not found");
  return job;
}

function dto(owner: JobOwner, a: JobArtifact, by: { firstName: string | null; lastName: string | null; email: string | null } | null): JobArtifactDto {
  const name = by ? [by.firstName, by.lastName].filter(Boolean).join(" ") || by.email : null;
  return {
    id: a.id,
    type: a.type,
    name: a.name,
    value: a.fileKey ? null : a.value,
    fileUri: a.fileKey ? fileUri(owner, a.jobId, a.id) : null,
    sharedBy: sharedBy(a),
    sharedByName: name ?? null,
    createdAt: a.createdAt,
    canDelete: mayDelete(owner, a),
  };
}

/** Shares matching `where` with who shared them, oldest first. */
const withAuthors = (db: Db, where: SQL) =>
  db
    .select({ a: jobArtifacts, by: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(jobArtifacts)
    .leftJoin(users, eq(users.id, jobArtifacts.createdByUserId))
    .where(where)
    .orderBy(asc(jobArtifacts.createdAt), asc(jobArtifacts.id));

/** The files and links shared on one of the owner's jobs, oldest first. */
export async function listArtifacts(db: Db, owner: JobOwner, jobId: string): Promise<JobArtifactList> {
  await ownersJob(db, owner, jobId);
  const rows = await withAuthors(db, eq(jobArtifacts.jobId, jobId));
  return { items: rows.map((r) => dto(owner, r.a, r.by)) };
}

/** Refuses a share on a cancelled job (409); answers the job otherwise. Checked before any file is stored. */
export async function jobToShareOn(db: Db, owner: JobOwner, jobId: string) {
  const job = await ownersJob(db, owner, jobId, true);
  if (job.status === "cancelled") throw conflict("Nothing can be shared on a cancelled booking");
  return job;
}

/** Records a share (file or link) on a job `jobToShareOn` answered, with its audit entry, in one batch. */
export async function addArtifact(
  db: Db,
  owner: JobOwner,
  job: { id: string; accountId: string },
  values: { id: string; type: JobArtifactType; name: string; fileKey: string | null; value: string | null },
): Promise<JobArtifactDto> {
  await runBatch(d1Of(db), [
    db.insert(jobArtifacts).values({ ...values, accountId: job.accountId, jobId: job.id, assigneeType: forOtherSide(owner), createdByUserId: owner.userId }),
    auditStatement({
      accountId: job.accountId,
      code: "jobArtifactShared",
      subjectType: "job",
      subjectId: job.id,
      userId: owner.userId,
      data: { artifactId: values.id, name: values.name, type: values.type },
    }),
    // Its delivery copy follows only upwards (worker/data/copy-versions.ts).
    extrasChanged(db, job.id),
  ]);
  const [row] = await withAuthors(db, eq(jobArtifacts.id, values.id));
  if (!row) throw notFound("Shared file not found");
  return dto(owner, row.a, row.by);
}

/** A share on one of the owner's jobs, or 404 (another job's, or a job the owner does not see). */
async function ownersArtifact(db: Db, owner: JobOwner, jobId: string, artifactId: string, acting = false) {
  const job = await ownersJob(db, owner, jobId, acting);
  const [artifact] = await db
    .select()
    .from(jobArtifacts)
    .where(and(eq(jobArtifacts.id, artifactId), eq(jobArtifacts.jobId, job.id)))
    .limit(1);
  if (!artifact) throw notFound("Shared file not found");
  return { job, artifact };
}

/** The stored key of a shared file the owner may download, or 404 (a link has none). */
export async function artifactFileKey(db: Db, owner: JobOwner, jobId: string, artifactId: string): Promise<string> {
  const { artifact } = await ownersArtifact(db, owner, jobId, artifactId);
  if (!artifact.fileKey) throw notFound("Shared file not found");
  return artifact.fileKey;
}

/** Removes a share (403 unless the owner may), with its audit entry; answers the file key to delete from storage. */
export async function removeArtifact(db: Db, owner: JobOwner, jobId: string, artifactId: string): Promise<string | null> {
  const { job, artifact } = await ownersArtifact(db, owner, jobId, artifactId, true);
  if (!mayDelete(owner, artifact)) throw forbidden("Only who shared it, or the partner's owners and admins, can delete it");
  await runBatch(d1Of(db), [
    // The entry first, while the row is there: a delete at the same time as another's writes one entry.
    auditWhen(
      {
        accountId: job.accountId,
        code: "jobArtifactRemoved",
        subjectType: "job",
        subjectId: job.id,
        userId: owner.userId,
        data: { artifactId: artifact.id, name: artifact.name, type: artifact.type },
      },
      sql`EXISTS (SELECT 1 FROM job_artifacts WHERE id = ${artifact.id})`,
    ),
    db.delete(jobArtifacts).where(eq(jobArtifacts.id, artifact.id)),
    extrasChanged(db, job.id),
  ]);
  return artifact.fileKey;
}
