/**
 * A booking's loose ends, shared by both sides of a job: ticking its action
 * items done (and undoing it), and the files and links the customer and the
 * partner share on it (job artifacts).
 */
import { z } from "zod";
import { JobArtifactType } from "./enums";
import { optionalHttpUrl, optionalText, uuid } from "./forms";

/** A job's action item in the path. */
export const ActionItemParams = z.object({ id: uuid, itemId: uuid });

/** Mark an action item done (true) or not done (false). */
export const ActionItemDone = z.object({ done: z.boolean() }).meta({ id: "ActionItemDone" });
export type ActionItemDone = z.input<typeof ActionItemDone>;

/** A job's shared file or link in the path. */
export const JobArtifactParams = z.object({ id: uuid, artifactId: uuid });

/**
 * The `data` field of a share: a name (else the file's), and a link when no
 * file is sent. The type of a file follows its checked bytes (image, video,
 * else document); without a file the share is a link.
 */
export const JobArtifactData = z
  .object({
    name: optionalText(200),
    value: optionalHttpUrl,
  })
  .meta({ id: "JobArtifactInput" });
export type JobArtifactData = z.input<typeof JobArtifactData>;

export const JobArtifactDto = z
  .object({
    id: z.string(),
    type: z.enum(JobArtifactType),
    name: z.string(),
    /** The link (type link), else null. */
    value: z.string().nullable(),
    /** The access-checked download path of a file, else null. */
    fileUri: z.string().nullable(),
    /** The side that shared it. */
    sharedBy: z.enum(["customer", "partner"]),
    /** The name of the user who shared it, when known. */
    sharedByName: z.string().nullable(),
    createdAt: z.string(),
    /** Whether the caller may delete it: its own share, or any share on a job of the caller's partner account (owner or admin). */
    canDelete: z.boolean(),
  })
  .meta({ id: "JobArtifact" });
export type JobArtifactDto = z.infer<typeof JobArtifactDto>;

export const JobArtifactList = z.object({ items: z.array(JobArtifactDto) }).meta({ id: "JobArtifactList" });
export type JobArtifactList = z.infer<typeof JobArtifactList>;
