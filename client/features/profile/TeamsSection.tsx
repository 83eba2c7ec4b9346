import { Pencil, Plus, Trash2 } from "../../components/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TeamType } from "../../../contract/enums";
import { TeamBody, type TeamDto } from "../../../contract/team";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Field, Input } from "../../components/ui/Field";
import { toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { setFieldErrors } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { useDeleteTeam, useSaveTeam, useTeams } from "./api";
import { translateMessage } from "./messages";
import { Section } from "./Section";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { QueryState } from "../../components/ui/QueryState";
import { enumLabel } from "../../lib/enums";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

/**
 * Profile → Teams, by department (the eight team types): create,
 * rename, delete. A department's last team cannot be deleted.
 */
export function TeamsSection({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const t = useT();
  const teams = useTeams(accountId);
  const remove = useDeleteTeam(accountId);
  const [editing, setEditing] = useState<TeamDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<TeamDto | null>(null);

  const byDepartment = TeamType.map((department) => ({ department, items: (teams.data?.items ?? []).filter((x) => x.department === department) }));

  return (
    <Section
      id="teams"
      title={t("teams.title")}
      description={t("teams.hint")}
      actions={
        canManage ? (
          <Button variant="outline" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            {t("teams.create")}
          </Button>
        ) : null
      }
    >
      <QueryState query={teams} error={t("profile.loadFailed")} rows={1} rowClassName="h-24">
        {() => (
          <div className="grid gap-4 sm:grid-cols-2">
            {byDepartment.map(({ department, items }) => (
              <div key={department} className="rounded-lg border border-border p-4" data-testid={`department-${department}`}>
                <h3 className="text-sm font-semibold">{enumLabel(t, "TeamType", department)}</h3>
                {items.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">{t("teams.none")}</p> : null}
                <ul className="mt-2 grid gap-1">
                  {items.map((team) => (
                    <li key={team.id} className="flex items-center justify-between gap-2">
                      <span>
                        {team.name} <span className="text-xs text-muted-foreground">({t("teams.members", { count: team.memberCount })})</span>
                      </span>
                      {canManage ? (
                        <span className="flex gap-1">
                          <Button variant="ghost" size="icon-sm" aria-label={t("teams.renameTeam", { name: team.name })} onClick={() => setEditing(team)}>
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={t("teams.deleteTeam", { name: team.name })}
                            onClick={() => (items.length <= 1 ? toastMessage("toast.teamInvalid", { variant: "error" }) : setDeleting(team))}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </QueryState>
      {editing ? <TeamDialog team={editing === "new" ? null : editing} accountId={accountId} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        name={deleting?.name ?? ""}
        consequence={t("teams.deleteBody")}
        loading={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
          } catch (e) {
            if (e instanceof ApiError && e.status === 409) toastMessage("toast.teamInvalid", { variant: "error" });
            else toastMessage("toast.teamSaveFailed", { variant: "error" });
          }
          setDeleting(null);
        }}
      />
    </Section>
  );
}

function TeamDialog({ team, accountId, onClose }: { team: TeamDto | null; accountId: string; onClose: () => void }) {
  const t = useT();
  const save = useSaveTeam(accountId);
  const form = useForm<z.input<typeof TeamBody>, unknown, z.output<typeof TeamBody>>({
    resolver: zodResolver(TeamBody),
    defaultValues: { name: team?.name ?? "", department: team?.department },
  });
  const { errors } = form.formState;
  const err = (m?: string) => (m ? translateMessage(m) : null);

  const submit = form.handleSubmit(
    async (body) => {
      try {
        await save.mutateAsync({ id: team?.id, body });
        onClose();
      } catch (e) {
        if (e instanceof ApiError && (e.status === 400 || e.status === 409)) {
          setFieldErrors(form.setError, e.fields);
          toastMessage("toast.teamInvalid", { variant: "error" });
        } else toastMessage("toast.teamSaveFailed", { variant: "error" });
      }
    },
    () => toastMessage("toast.teamInvalid", { variant: "error" }),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={team ? t("teams.renameTitle") : t("teams.createTitle")}>
        <LeaveGuard when={form.formState.isDirty && !save.isPending} />
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <Field label={t("teams.name")} required error={err(errors.name?.message)}>
            <Input maxLength={80} {...form.register("name")} />
          </Field>
          <Field label={t("teams.department")} required error={err(errors.department?.message)}>
            <EnumSelect enumName="TeamType" values={TeamType} placeholder={t("common.select")} {...form.register("department")} />
          </Field>
          <FormDialogFooter submit={t("common.save")} busy={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
