import { useId, useState } from "react";
import type { JobDto } from "../../../contract/bookings";
import type { JobArtifactDto } from "../../../contract/job-extras";
import { Paperclip, Trash2 } from "../../components/icons";
import { Button } from "../../components/ui/Button";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { EmptyState } from "../../components/ui/EmptyState";
import { Field, Input } from "../../components/ui/Field";
import { FileUpload } from "../../components/ui/FileUpload";
import { QueryState } from "../../components/ui/QueryState";
import { toast } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { AttachmentLink } from "../catalogue/AttachmentLink";
import type { Side } from "./api";
import { useArtifactChanges, useJobArtifacts } from "./extras-api";

/**
 * The files and links the customer and the partner share on a job: the
 * list (who shared what, when), a delete with its confirmation for the
 * shares the caller may delete, and a small form to share a file or a link.
 * Only the two sides of the job see it.
 */
export function JobSharedFiles({ job, side }: { job: JobDto; side: Side }) {
  const t = useT();
  const headingId = useId();
  const query = useJobArtifacts(side, job.id);
  const name = job.workout.title ?? job.workout.name;
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="shared-files">
      <h3 id={headingId} className="text-sm font-semibold">
        {t("bookings.shared.title", { name })}
      </h3>
      <QueryState
        query={query}
        rows={2}
        rowClassName="h-8"
        error={t("bookings.shared.loadFailed")}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState
            headingLevel={4}
            className="py-6"
            icon={<Paperclip />}
            title={t("bookings.shared.empty")}
            description={side === "customer" ? t("bookings.shared.emptyHintCustomer") : t("bookings.shared.emptyHintPartner")}
          />
        }
      >
        {(data) => (
          <ul className="grid gap-2">
            {data.items.map((a) => (
              <SharedItem key={a.id} item={a} side={side} jobId={job.id} />
            ))}
          </ul>
        )}
      </QueryState>
      {job.status !== "cancelled" ? <ShareForm side={side} jobId={job.id} /> : null}
    </section>
  );
}

function SharedItem({ item, side, jobId }: { item: JobArtifactDto; side: Side; jobId: string }) {
  const t = useT();
  const format = useFormatDate();
  const { remove } = useArtifactChanges(side, jobId);
  const [confirming, setConfirming] = useState(false);
  const by = item.sharedBy === "customer" ? t("bookings.shared.byCustomer") : t("bookings.shared.byPartner");
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="shared-item">
      <div className="grid min-w-0 gap-0.5">
        <AttachmentLink
          attachment={{ id: item.id, type: item.type === "link" ? "link" : "document", description: item.name, value: item.value, fileUri: item.fileUri }}
        />
        <span className="text-xs text-muted-foreground">
          {t("bookings.shared.by", { who: item.sharedByName ? `${item.sharedByName} (${by})` : by, date: format(item.createdAt) })}
        </span>
      </div>
      {item.canDelete ? (
        <ConfirmDelete
          name={item.name}
          open={confirming}
          onOpenChange={setConfirming}
          loading={remove.isPending}
          consequence={t("bookings.shared.deleteConsequence")}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(item.id);
              setConfirming(false);
              toast({ title: t("bookings.shared.deleted"), variant: "success" });
            } catch (e) {
              toast({ title: t("toast.generic.title"), description: e instanceof ApiError ? translateApiMessage(e.message) : undefined, variant: "error" });
            }
          }}
          trigger={
            <Button variant="ghost" size="sm" aria-label={t("bookings.shared.delete", { name: item.name })}>
              <Trash2 aria-hidden="true" />
              {t("common.delete")}
            </Button>
          }
        />
      ) : null}
    </li>
  );
}

/** Shares a file (when one is chosen) or else a link, with an optional name. */
function ShareForm({ side, jobId }: { side: Side; jobId: string }) {
  const t = useT();
  const { share } = useArtifactChanges(side, jobId);
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [resetKey, setResetKey] = useState(0);
  const submit = async () => {
    setErrors({});
    try {
      await share.mutateAsync({ name: name.trim() || null, value: file ? null : link.trim() || null, file });
      setFile(null);
      setLink("");
      setName("");
      setResetKey((k) => k + 1);
      toast({ title: t("bookings.shared.added"), variant: "success" });
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : {};
      const message = e instanceof ApiError ? translateApiMessage(e.message) : t("message.generic");
      setErrors(Object.keys(fields).length ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateApiMessage(v)])) : { file: message });
    }
  };
  return (
    <form
      className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-3"
      aria-label={t("bookings.shared.formLabel")}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field label={t("bookings.shared.file")} hint={t("form.uploadHint")} error={errors.file ?? null}>
        <FileUpload image={false} resetKey={resetKey} onFile={setFile} />
      </Field>
      <Field label={t("bookings.shared.link")} optional hint={t("bookings.shared.linkHint")} error={errors.value ?? null}>
        <Input type="url" value={link} disabled={file !== null} onChange={(e) => setLink(e.target.value)} placeholder="https://" />
      </Field>
      <Field label={t("bookings.shared.name")} optional error={errors.name ?? null}>
        <Input value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <div className="sm:col-span-3">
        <Button type="submit" size="sm" variant="outline" loading={share.isPending} disabled={!file && !link.trim()}>
          <Paperclip aria-hidden="true" />
          {t("bookings.shared.share")}
        </Button>
      </div>
    </form>
  );
}
