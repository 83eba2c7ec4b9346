import { useState, type FormEvent } from "react";
import type { JobDto } from "../../../contract/bookings";
import { SessionLocation } from "../../../contract/job-people";
import { useAppUser } from "../../auth/useAppUser";
import { ApiError } from "../../lib/api";
import { Button } from "../../components/ui/Button";
import { Checkbox, Field, Input, Select } from "../../components/ui/Field";
import { toast } from "../../components/ui/toast-store";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { locationBody, locationForm, type LocationForm } from "../library/workout-form";
import type { Side } from "./api";
import { useJobPeople, usePeopleChange } from "./people-api";
import { AttendeeChecks } from "./CompleteDialog";
import { useDraft } from "./drafts";

const open = (job: JobDto) => job.status !== "completed" && job.status !== "cancelled";

/** The first field error of a failed change, in the current language, or the generic one. */
function useFailure() {
  const t = useT();
  return (err: unknown) => {
    const field = err instanceof ApiError ? Object.values(err.fields)[0] : undefined;
    toast({ title: field ? translateApiMessage(field) : t("message.generic"), variant: "error" });
  };
}

/** Where a session happens, as words and a link. */
export function LocationText({ location }: { location: SessionLocation | null }) {
  const t = useT();
  if (!location) return <span className="text-muted-foreground">{t("location.none")}</span>;
  return location.kind === "online" ? (
    <a href={location.url} target="_blank" rel="noreferrer" className="break-all text-brand-text underline-offset-4 hover:underline">
      {t("location.online")}: {location.url}
    </a>
  ) : (
    <span>
      {t("location.inPerson")}: {location.address}
    </span>
  );
}

/**
 * The people and places of a job, below its sessions: the attendees (the
 * customer names them until completion), the instructor and the location
 * (the partner's owners and admins set them) and, per started session, who
 * was there (the partner marks it).
 */
export function JobPeople({ job, side }: { job: JobDto; side: Side }) {
  const t = useT();
  const { role, user } = useAppUser();
  const admin = role === "owner" || role === "admin";
  return (
    <section aria-label={t("people.title")} className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-2" data-testid="job-people">
      <Attendees job={job} editable={side === "customer" && open(job)} />
      {side === "partner" ? (
        <>
          <Instructor job={job} editable={admin && open(job)} />
          {admin && open(job) ? <LocationEditor job={job} /> : null}
          <Roster job={job} me={user?.id ?? null} admin={admin} />
        </>
      ) : (
        <Instructor job={job} editable={false} />
      )}
    </section>
  );
}

function Attendees({ job, editable }: { job: JobDto; editable: boolean }) {
  const t = useT();
  // Open or not, and who is ticked, outlive a refetch of the job that re-mounts this panel.
  const [draft, setChosen, close] = useDraft<string[]>(`attendees:${job.id}`);
  const editing = draft !== undefined;
  const chosen = draft ?? [];
  const people = useJobPeople("customer", editing);
  const change = usePeopleChange();
  const failed = useFailure();
  const save = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ kind: "attendees", id: job.id, body: { userIds: chosen, version: job.version } }, { onSuccess: close, onError: failed });
  };
  return (
    <div className="grid content-start gap-2 text-sm">
      <h4 className="font-medium">{t("people.attendees", { count: job.attendees.length, seats: job.seats })}</h4>
      {job.attendees.length ? (
        <ul className="grid gap-0.5" data-testid="attendees">
          {job.attendees.map((a) => (
            <li key={a.id}>{a.name}</li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{t("people.noAttendees")}</p>
      )}
      {editable && !editing ? (
        <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setChosen(job.attendees.map((a) => a.id))}>
          {t("people.editAttendees")}
        </Button>
      ) : null}
      {editing ? (
        <form onSubmit={save} className="grid gap-2">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-muted-foreground">{t("people.chooseAttendees", { seats: job.seats })}</legend>
            {people.isLoading ? <p>{t("common.loading")}</p> : null}
            {(people.data?.items ?? []).map((p) => (
              <Checkbox
                key={p.id}
                label={p.name}
                checked={chosen.includes(p.id)}
                onCheckedChange={(v) => setChosen(v === true ? [...chosen, p.id] : chosen.filter((id) => id !== p.id))}
              />
            ))}
          </fieldset>
          <div className="flex gap-2">
            <Button size="sm" type="submit" loading={change.isPending}>
              {t("common.save")}
            </Button>
            <Button size="sm" variant="ghost" type="button" onClick={close}>
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function Instructor({ job, editable }: { job: JobDto; editable: boolean }) {
  const t = useT();
  const staff = useJobPeople("partner", editable);
  const change = usePeopleChange();
  const failed = useFailure();
  // Read only, it lines up with the attendees beside it: the heading, then the name at the first attendee's height.
  if (!editable)
    return (
      <div className="grid content-start gap-2 text-sm" data-testid="instructor">
        <h4 className="font-medium">{t("people.instructor")}</h4>
        <p>{job.instructor?.name ?? t("people.noInstructor")}</p>
      </div>
    );
  return (
    <Field label={t("people.instructor")}>
      <Select
        value={job.instructor?.id ?? ""}
        disabled={change.isPending}
        onChange={(e) => change.mutate({ kind: "instructor", id: job.id, body: { userId: e.target.value || null, version: job.version } }, { onError: failed })}
      >
        <option value="">{t("people.noInstructor")}</option>
        {(staff.data?.items ?? (job.instructor ? [job.instructor] : [])).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function LocationEditor({ job }: { job: JobDto }) {
  const t = useT();
  const first = job.lines.find((l) => l.status !== "completed");
  // What is typed outlives a refetch of the job that re-mounts this panel; saved, the job's place shows again.
  const [draft, setValue, clear] = useDraft<LocationForm>(`location:${job.id}`);
  const value = draft ?? locationForm(first?.location ?? null);
  const [error, setError] = useState<string | null>(null);
  const change = usePeopleChange();
  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const location = locationBody(value);
    // The contract's own rule, checked before sending (https only, lengths).
    const checked = location ? SessionLocation.safeParse(location) : null;
    if (checked && !checked.success) return setError(translateApiMessage(checked.error.issues[0]?.message ?? t("message.generic")));
    change.mutate(
      { kind: "location", id: job.id, body: { location, version: job.version } },
      {
        onSuccess: clear,
        onError: (err) => {
          const field = err instanceof ApiError ? Object.values(err.fields)[0] : undefined;
          setError(field ? translateApiMessage(field) : t("message.generic"));
        },
      },
    );
  };
  return (
    <form onSubmit={save} className="grid content-start gap-2">
      <Field label={t("people.location")} hint={t("people.locationHint")}>
        <Select value={value.kind} onChange={(e) => setValue({ ...value, kind: e.target.value })}>
          <option value="">{t("location.workoutDefault")}</option>
          <option value="online">{t("location.online")}</option>
          <option value="inPerson">{t("location.inPerson")}</option>
        </Select>
      </Field>
      {value.kind === "online" ? (
        <Field label={t("location.url")} required error={error}>
          <Input type="url" inputMode="url" placeholder="https://" value={value.url} onChange={(e) => setValue({ ...value, url: e.target.value })} />
        </Field>
      ) : value.kind === "inPerson" ? (
        <Field label={t("location.address")} required error={error}>
          <Input autoComplete="street-address" value={value.address} onChange={(e) => setValue({ ...value, address: e.target.value })} />
        </Field>
      ) : null}
      <Button size="sm" type="submit" className="justify-self-start" loading={change.isPending}>
        {t("people.saveLocation")}
      </Button>
    </form>
  );
}

/** Per started session: the attendees, each marked present or absent. */
function Roster({ job, me, admin }: { job: JobDto; me: string | null; admin: boolean }) {
  const [now] = useState(() => Date.now());
  const started = job.lines.filter((l) => l.scheduledAt && Date.parse(l.scheduledAt) <= now && job.status !== "cancelled");
  if (!job.attendees.length || !started.length) return null;
  return (
    <div className="grid gap-3 sm:col-span-2">
      {started.map((line) => (
        <AttendanceForm key={line.id} job={job} line={line} editable={admin || line.instructor?.id === me} />
      ))}
    </div>
  );
}

function AttendanceForm({ job, line, editable }: { job: JobDto; line: JobDto["lines"][number]; editable: boolean }) {
  const t = useT();
  // The marks outlive a refetch of the job that re-mounts this panel; saved, the job's own show again.
  const [draft, setDraft, clear] = useDraft<string[]>(`attendance:${job.id}:${line.id}`);
  const present = new Set(draft ?? line.attendance.filter((a) => a.present).map((a) => a.userId));
  const setPresent = (next: Set<string>) => setDraft([...next]);
  const change = usePeopleChange();
  const failed = useFailure();
  const save = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { kind: "attendance", id: job.id, lineId: line.id, body: { attendance: job.attendees.map((a) => ({ userId: a.id, present: present.has(a.id) })) } },
      {
        onError: failed,
        onSuccess: () => {
          clear();
          toast({ title: t("people.attendanceSaved") });
        },
      },
    );
  };
  return (
    <form onSubmit={save} className="grid gap-2 text-sm">
      <AttendeeChecks
        attendees={job.attendees}
        present={present}
        onChange={setPresent}
        legend={t("people.attendanceOf", { session: line.sessionName })}
        disabled={!editable}
      />
      {editable ? (
        <Button size="sm" variant="outline" type="submit" className="justify-self-start" loading={change.isPending}>
          {t("people.saveAttendance")}
        </Button>
      ) : null}
    </form>
  );
}
