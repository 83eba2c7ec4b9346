/**
 * The mail about a job: who hears of it (the customer's booker, the delivery
 * partner's primary address), in which language and branding, and the outbox
 * rows for a change's own batch. Each side's link opens the job in its own
 * view (Your Bookings for the customer, Your Jobs for the partner) on its
 * partner's connected domain when it has one.
 */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { inList } from "./bound";
import type { JobDto } from "../../contract/bookings";
import { accounts, jobAttendees, jobLines, jobs, users, type Job } from "../../db/schema";
import type { Db } from "../env";
import { jobMailSubject, type Audience, type JobEvent, type JobMailData } from "../mail/job-mail";
import type { MailBrand } from "../mail/layout";
import { outboxStatement } from "../mail/outbox";
import type { Language } from "../../contract/enums";
import { languageOr } from "../mail/i18n";
import { brandReads, brandsFrom, recipientLanguage, recipientTimeZone, type BrandRows, type OriginEnv } from "./mail-context";

export type Recipient = {
  side: Audience;
  email: string;
  name: string | null;
  language: Language;
  /** The IANA zone the recipient's mail writes times in (worker/data/mail-context.ts, recipientTimeZone). */
  timeZone: string;
  brand: MailBrand;
  brandAccountId: string;
};

/** Where a side sees one job: its own list, opened on that job. */
export function jobLink(origin: string, side: Audience, jobId: string): string {
  return `${origin}${side === "partner" ? "/jobs" : "/bookings"}?job=${encodeURIComponent(jobId)}`;
}

type JobParties = Pick<Job, "id" | "bookedByUserId" | "partnerAccountId" | "deliveryPartnerAccountId">;
/**
 * Who hears of a change to a job: the customer's booker and the delivery
 * partner's primary address, plus the booking's attendees (customer side)
 * and its instructors and acting staff (partner side).
 */
export type JobSides = { customer: Recipient | null; partner: Recipient | null; attendees?: Recipient[]; staff?: Recipient[] };

export type MailPerson = { email: string; firstName: string | null; language: string; timeZone?: string | null };

/**
 * People of a side as recipients in that side's branding (`base`'s), each in
 * their own language and zone (the side's when they keep none); none without
 * a branded side.
 */
export function asRecipients(base: Recipient | null, people: MailPerson[]): Recipient[] {
  if (!base) return [];
  return people.map((p) => ({
    ...base,
    email: p.email,
    name: p.firstName,
    language: languageOr(p.language, base.language),
    timeZone: p.timeZone ?? base.timeZone,
  }));
}

/** The recipients, each address once (the first wins). */
export function distinctRecipients(list: (Recipient | null | undefined)[]): Recipient[] {
  const seen = new Set<string>();
  return list.filter((r): r is Recipient => {
    if (!r || seen.has(r.email.toLowerCase())) return false;
    seen.add(r.email.toLowerCase());
    return true;
  });
}

/** The customer's side of the job: the booker and the attendees, each address once. */
export function customerSide(who: JobSides): Recipient[] {
  return distinctRecipients([who.customer, ...(who.attendees ?? [])]);
}

/** A session as the partner's notices read it: who instructs it (its own instructor, else the job's). */
type Instructed = { instructor: { email: string } | null };

/**
 * The partner's side of a notice: the staff member who made the change (when
 * the partner did), the instructors of the sessions it is about, and the
 * partner's primary address when `primary` (a change the customer made, which
 * the partner answers); each in their own language and zone, each address
 * once.
 */
export function partnerSide(who: JobSides, about: { actor?: MailPerson | null; lines: Instructed[]; primary: boolean }): Recipient[] {
  const instructing = new Set(about.lines.flatMap((l) => (l.instructor ? [l.instructor.email.toLowerCase()] : [])));
  return distinctRecipients([
    ...asRecipients(who.partner, about.actor ? [about.actor] : []),
    ...(who.staff ?? []).filter((r) => instructing.has(r.email.toLowerCase())),
    about.primary ? who.partner : null,
  ]);
}

/**
 * The reads that name the mail recipients, for a caller's batch: the bookers
 * `bookerIds` selects, the users behind the primary addresses of the partners
 * `partnerIds` selects (a list, or a parenthesised subquery), and those
 * partners' branding.
 */
export function recipientReads(db: Db, bookerIds: string[] | SQL, partnerIds: string[] | SQL) {
  const person = { id: users.id, email: users.email, firstName: users.firstName, language: users.language, timeZone: users.timeZone };
  const bookers = Array.isArray(bookerIds) ? inList(users.id, bookerIds) : sql`${users.id} in ${bookerIds}`;
  const partners = Array.isArray(partnerIds) ? inList(accounts.id, partnerIds) : sql`${accounts.id} in ${partnerIds}`;
  return [
    db.select(person).from(users).where(bookers),
    db
      .select(person)
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          db
            .select({ e: sql`lower(${accounts.primaryEmail})` })
            .from(accounts)
            .where(partners),
        ),
      ),
    ...brandReads(db, partnerIds),
  ] as const;
}

type Person = { id: string; email: string; firstName: string | null; language: string; timeZone: string | null };
/** The rows recipientReads answers, in its order. */
export type RecipientRows = [Person[], Person[], ...BrandRows];

/** The two sides of `job` as mail recipients, from the rows of recipientReads. */
export function sidesFrom(env: OriginEnv, [bookers, partnerUsers, ...rows]: RecipientRows, job: JobParties): JobSides {
  const brands = brandsFrom(env, rows);
  const customerBrand = brands.get(job.partnerAccountId);
  const partnerBrand = brands.get(job.deliveryPartnerAccountId ?? job.partnerAccountId);
  const b = bookers.find((u) => u.id === job.bookedByUserId);
  const pu = partnerBrand?.primaryEmail ? partnerUsers.find((u) => u.email.toLowerCase() === partnerBrand.primaryEmail!.toLowerCase()) : undefined;
  return {
    customer:
      b && customerBrand
        ? {
            side: "customer",
            email: b.email,
            name: b.firstName,
            language: recipientLanguage(b, customerBrand),
            timeZone: recipientTimeZone(b, customerBrand),
            brand: customerBrand.brand,
            brandAccountId: customerBrand.partnerId,
          }
        : null,
    partner: partnerBrand?.primaryEmail
      ? {
          side: "partner",
          email: partnerBrand.primaryEmail,
          name: pu?.firstName ?? null,
          language: recipientLanguage(pu, partnerBrand),
          timeZone: recipientTimeZone(pu, partnerBrand),
          brand: partnerBrand.brand,
          brandAccountId: partnerBrand.partnerId,
        }
      : null,
  };
}

/**
 * The two sides of each job as mail recipients, in one D1 round trip however
 * many jobs: the customer's booker (in the customer's partner's branding) and
 * the delivery partner's primary address (in its own branding).
 */
export async function recipientsOfJobs(db: Db, env: OriginEnv, list: JobParties[]): Promise<Map<string, JobSides>> {
  const out = new Map<string, JobSides>();
  if (!list.length) return out;
  const partnerIds = [...new Set(list.flatMap((job) => [job.partnerAccountId, job.deliveryPartnerAccountId ?? job.partnerAccountId]))];
  const bookerIds = [...new Set(list.map((job) => job.bookedByUserId).filter((id): id is string => Boolean(id)))];
  const rows = (await db.batch(recipientReads(db, bookerIds, partnerIds))) as unknown as RecipientRows;
  for (const job of list) out.set(job.id, sidesFrom(env, rows, job));
  return out;
}

/**
 * What the customer hears of its own change: an acknowledgement of its
 * request, a confirmation of its cancellation; any other event (and every
 * event to the partner's staff) reads the same to both sides.
 */
const OWN_EVENT: Partial<Record<JobEvent, JobEvent>> = { requested: "requestReceived", rescheduleRequested: "rescheduleReceived", cancelled: "cancelReceived" };

/** The event as `side` reads it when `actor` made the change (a booking request is always the customer's). */
export function eventFor(event: JobEvent, side: Audience, actor: Audience | undefined): JobEvent {
  // The partner's staff read their own change as the change itself (the acknowledgements speak to a customer).
  if (side === "customer" && side === (actor ?? (event === "requested" ? "customer" : undefined))) return OWN_EVENT[event] ?? event;
  return event;
}

export type JobMailContext = {
  /** The side that made the change (it hears its own acknowledgement or confirmation). */
  actor?: Audience;
  /** The job's version once the change is in (the calendar's SEQUENCE). */
  sequence: number;
  reason?: string | null;
  comment?: string | null;
};

/**
 * Outbox rows (one per recipient) for a job event, for the same batch as the
 * change: each in its recipient's language and branding, with its own link.
 * A row keeps its subject and what its body is rendered from; the body is
 * rendered when the mail is sent (worker/mail/bodies.ts), so a change its
 * batch refuses (a full slot, a stale version) has rendered and stored no
 * mail. `_bucket` is no longer written: job mail keeps no stored body.
 * A request reads as a request to the other side and as an acknowledgement
 * to the side that made it (see eventFor).
 */
export async function jobMailRows(db: Db, _bucket: R2Bucket, to: (Recipient | null)[], event: JobEvent, dto: JobDto, ctx: JobMailContext) {
  const mails = to
    .filter((r): r is Recipient => Boolean(r))
    .map((r) => {
      const data: JobMailData = {
        event: eventFor(event, r.side, ctx.actor),
        audience: r.side,
        language: r.language,
        timeZone: r.timeZone,
        brand: r.brand,
        recipientName: r.name,
        workoutName: dto.workout.title ?? dto.workout.name,
        customerName: dto.customer.name,
        status: dto.status,
        reason: ctx.reason,
        comment: ctx.comment,
        link: jobLink(r.brand.origin, r.side, dto.id),
        sequence: ctx.sequence,
        sessions: dto.lines.map((l) => ({
          lineId: l.id,
          name: l.sessionName,
          scheduledAt: l.scheduledAt,
          lengthMinutes: l.lengthMinutes,
          requestedTimes: l.requestedTimes,
          location: l.location,
        })),
      };
      return {
        id: crypto.randomUUID(),
        accountId: r.brandAccountId,
        fromName: r.brand.platformName,
        to: r.email,
        subject: jobMailSubject(data),
        render: { job: data },
      };
    });
  return { statements: mails.map((m) => outboxStatement(db, m)), ids: mails.map((m) => m.id) };
}

/** The addresses of a job's attendees and of its instructors (the job's and its sessions'), for its mail. */
export function peopleMailReads(db: Db, id: string) {
  const person = { email: users.email, firstName: users.firstName, language: users.language, timeZone: users.timeZone };
  return [
    db.select(person).from(jobAttendees).innerJoin(users, eq(users.id, jobAttendees.userId)).where(eq(jobAttendees.jobId, id)),
    db
      .select(person)
      .from(users)
      .where(
        sql`${users.id} in (select ${jobs.instructorUserId} from ${jobs} where ${jobs.id} = ${id} union select ${jobLines.instructorUserId} from ${jobLines} where ${jobLines.jobId} = ${id})`,
      ),
  ] as const;
}

/** The two sides with the people on them: attendees with the customer, instructors with the partner. */
export function withPeople(sides: JobSides, attendees: MailPerson[], instructors: MailPerson[]): JobSides {
  return { ...sides, attendees: asRecipients(sides.customer, attendees), staff: asRecipients(sides.partner, instructors) };
}
