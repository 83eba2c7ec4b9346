import { ringRoom } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { MoreHorizontal, UserPlus } from "../../components/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import {
  InviteBody,
  TEAM_MESSAGES,
  UpdateTeamMemberBody,
  inviteSummary,
  isEmail,
  splitEmails,
  type AssignableRole,
  type InviteResult,
  type TeamDto,
  type TeamMemberDto,
} from "../../../contract/team";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog, Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/DropdownMenu";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Checkbox, Field, Input, Textarea } from "../../components/ui/Field";
import { DataTable, type Column } from "../../components/ui/Table";
import { toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { useInvite, useRevokeInvite, useTeamMembers, useTeams, useUpdateMember } from "./api";
import { translateMessage } from "./messages";
import { Section } from "./Section";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { QueryState } from "../../components/ui/QueryState";
import { enumLabel } from "../../lib/enums";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

const STATUS_TONE: Record<TeamMemberDto["status"], BadgeTone> = { active: "success", inactive: "neutral", pending: "warning" };

/** Profile → Team Members: list, invite, edit, mark inactive, revoke invite. */
export function TeamMembersSection({ accountId, canManage, selfUserId }: { accountId: string; canManage: boolean; selfUserId: string | null }) {
  const t = useT();
  const members = useTeamMembers(accountId);
  const teams = useTeams(accountId);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMemberDto | null>(null);
  const [deactivating, setDeactivating] = useState<TeamMemberDto | null>(null);
  const [revoking, setRevoking] = useState<TeamMemberDto | null>(null);
  const update = useUpdateMember(accountId);
  const revoke = useRevokeInvite(accountId);

  const setStatus = async (m: TeamMemberDto, status: "active" | "inactive") => {
    try {
      await update.mutateAsync({ id: m.id, body: { status } });
      setDeactivating(null);
    } catch {
      toastMessage("toast.teamMemberUpdateFailed", { variant: "error" });
    }
  };

  const columns: Column<TeamMemberDto>[] = [
    {
      key: "name",
      header: t("team.name"),
      cell: (m) => (
        <div>
          <div className="font-medium">{m.name ?? "—"}</div>
          <div className="text-xs text-muted-foreground">{m.email}</div>
        </div>
      ),
    },
    { key: "type", header: t("team.type"), cell: (m) => enumLabel(t, "TeamMemberType", m.type) },
    { key: "role", header: t("team.role"), cell: (m) => enumLabel(t, "OrgRole", m.role) },
    { key: "teams", header: t("team.teams"), cell: (m) => (m.teams.length ? m.teams.map((x) => x.name).join(", ") : "—") },
    {
      key: "status",
      header: t("team.status"),
      cell: (m) => (
        <Badge tone={STATUS_TONE[m.status]} data-testid="member-status">
          {enumLabel(t, "MemberStatus", m.status)}
        </Badge>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      key: "actions",
      header: <span className="sr-only">{t("common.actions")}</span>,
      className: "w-12 text-right",
      cell: (m) => {
        const isSelf = m.kind === "member" && m.userId === selfUserId;
        if (m.kind === "member" && (m.type === "owner" || isSelf)) {
          return (
            <Button variant="ghost" size="icon-sm" aria-label={t("team.editMember", { email: m.email })} onClick={() => setEditing(m)}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          );
        }
        return (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={t("team.memberActions", { email: m.email })}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {m.kind === "invite" ? (
                <DropdownMenuItem onSelect={() => setRevoking(m)}>{t("team.revokeInvite")}</DropdownMenuItem>
              ) : (
                <>
                  <DropdownMenuItem onSelect={() => setEditing(m)}>{t("common.edit")}</DropdownMenuItem>
                  {m.status === "active" ? (
                    <DropdownMenuItem onSelect={() => setDeactivating(m)}>{t("team.markInactive")}</DropdownMenuItem>
                  ) : (
                    <DropdownMenuItem onSelect={() => void setStatus(m, "active")}>{t("team.markActive")}</DropdownMenuItem>
                  )}
                </>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        );
      },
    });
  }

  return (
    <Section
      id="team-members"
      title={t("team.title")}
      actions={
        canManage ? (
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" />
            {t("team.invite")}
          </Button>
        ) : null
      }
    >
      <QueryState query={members} error={t("profile.loadFailed")} rows={2} rowClassName="h-10">
        {(list) => <DataTable caption={t("team.title")} hideCaption columns={columns} rows={list.items} rowKey={(m) => `${m.kind}-${m.id}`} />}
      </QueryState>
      {canManage ? <InviteDialog open={inviting} onOpenChange={setInviting} accountId={accountId} /> : null}
      {editing ? (
        <EditMemberDialog
          member={editing}
          teams={teams.data?.items ?? []}
          accountId={accountId}
          lockRole={editing.type === "owner" || editing.userId === selfUserId}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(deactivating)}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title={t("team.markInactiveTitle")}
        description={t("team.markInactiveBody", { email: deactivating?.email ?? "" })}
        confirmLabel={t("team.markInactive")}
        variant="danger"
        loading={update.isPending}
        onConfirm={() => (deactivating ? setStatus(deactivating, "inactive") : undefined)}
      />
      <ConfirmDialog
        open={Boolean(revoking)}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("team.revokeTitle")}
        description={t("team.revokeBody", { email: revoking?.email ?? "" })}
        confirmLabel={t("team.revokeInvite")}
        variant="danger"
        loading={revoke.isPending}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.id);
            setRevoking(null);
          } catch {
            toastMessage("toast.inviteRevokeFailed", { variant: "error" });
          }
        }}
      />
    </Section>
  );
}

/** The invite dialog's order of the roles an invite can give. */
const INVITE_ROLES = ["member", "admin"] as const satisfies readonly (typeof AssignableRole)[number][];

/** Invite by email, separated by semicolons, with the all / some / none sent toasts. */
function InviteDialog({ open, onOpenChange, accountId }: { open: boolean; onOpenChange: (open: boolean) => void; accountId: string }) {
  const t = useT();
  const invite = useInvite(accountId);
  const [notSent, setNotSent] = useState<InviteResult["results"]>([]);
  const form = useForm<z.input<typeof InviteBody>, unknown, z.output<typeof InviteBody>>({
    resolver: zodResolver(InviteBody),
    defaultValues: { emails: "", role: "member" },
  });
  const emailsError = form.formState.errors.emails?.message;
  const emails = useWatch({ control: form.control, name: "emails" });
  // The addresses that are not valid are named after the message.
  const bad = emailsError === TEAM_MESSAGES.invalidEmailAddress ? splitEmails(emails).filter((x) => !isEmail(x)) : [];

  const reset = () => {
    form.reset();
    setNotSent([]);
  };

  const submit = form.handleSubmit(
    async ({ emails: value, role }) => {
      try {
        const result = await invite.mutateAsync({ emails: splitEmails(value).join(";"), role });
        const summary = inviteSummary(result);
        // Addresses refused one by one (already invited, already members) are the input's fault: the list below says why, never "try again later".
        toastMessage(summary === "all" ? "toast.invitesAllSent" : summary === "some" ? "toast.invitesSomeSent" : "toast.invitesRefused", {
          variant: summary === "all" ? "success" : "error",
        });
        if (summary === "all") {
          reset();
          onOpenChange(false);
        } else {
          const refused = result.results.filter((r) => r.outcome !== "sent");
          setNotSent(refused);
          // What is left are the server's refusals, not unsaved edits: the form is clean with them.
          form.reset({ ...form.getValues(), emails: refused.map((r) => r.email).join("; ") });
        }
      } catch (err) {
        // Refused addresses (400), or the day's invites used up (429): the field says why.
        if (err instanceof ApiError && (err.status === 400 || err.status === 429) && err.fields.emails) {
          setFieldErrors(form.setError, err.fields);
          return toastMessage("toast.invitesRefused", { variant: "error" });
        }
        toastMessage("toast.invitesNoneSent", { variant: "error" });
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent title={t("team.inviteTitle")} description={t("team.inviteBody")}>
        <LeaveGuard when={form.formState.isDirty && !invite.isPending} />
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <Field
            label={t("team.emails")}
            required
            hint={t("form.emailsSeparator")}
            error={emailsError ? [translateMessage(emailsError), bad.join(", ")].filter(Boolean).join(": ") : null}
          >
            <Textarea rows={3} placeholder="ana@example.com; li@example.com" {...form.register("emails")} />
          </Field>
          <Field label={t("team.role")}>
            <EnumSelect enumName="OrgRole" values={INVITE_ROLES} {...form.register("role")} />
          </Field>
          {notSent.length ? (
            <div role="status" className="rounded-md border border-border bg-muted/40 p-3 text-sm">
              <p className="font-medium">{t("team.notSent")}</p>
              <ul className="mt-1 list-disc pl-5">
                {notSent.map((r) => (
                  <li key={r.email}>
                    {r.email}: {r.outcome === "alreadyMember" ? t("team.alreadyMember") : translateMessage(TEAM_MESSAGES.inviteAlreadySent)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <FormDialogFooter submit={t("team.sendInvites")} busy={invite.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A member's name, role and teams as the edit dialog changes them (the status has its own actions). */
const MemberForm = UpdateTeamMemberBody.pick({ name: true, role: true, teamIds: true });

function EditMemberDialog({
  member,
  teams,
  accountId,
  lockRole,
  onClose,
}: {
  member: TeamMemberDto;
  teams: TeamDto[];
  accountId: string;
  lockRole: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const update = useUpdateMember(accountId);
  const form = useForm<z.input<typeof MemberForm>, unknown, z.output<typeof MemberForm>>({
    resolver: zodResolver(MemberForm),
    defaultValues: { name: member.name ?? "", role: member.role === "owner" ? "admin" : member.role, teamIds: member.teams.map((x) => x.id) },
  });
  const err = (m?: string) => (m ? translateMessage(m) : null);

  const submit = form.handleSubmit(
    async ({ name, role, teamIds }) => {
      try {
        await update.mutateAsync({ id: member.id, body: { name, teamIds, ...(lockRole ? {} : { role }) } });
        onClose();
      } catch (err) {
        if (err instanceof ApiError && err.status === 400) setFieldErrors(form.setError, err.fields);
        toastMessage("toast.teamMemberUpdateFailed", { variant: "error" });
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t("team.editTitle")} description={member.email}>
        <LeaveGuard when={form.formState.isDirty && !update.isPending} />
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <Field label={t("team.name")} error={err(form.formState.errors.name?.message)}>
            <Input maxLength={160} {...form.register("name")} />
          </Field>
          {lockRole ? null : (
            <Field label={t("team.role")} error={err(form.formState.errors.role?.message)}>
              <EnumSelect enumName="OrgRole" values={INVITE_ROLES} {...form.register("role")} />
            </Field>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("team.teams")}</legend>
            {teams.length === 0 ? <p className="text-sm text-muted-foreground">{t("teams.none")}</p> : null}
            <Controller
              control={form.control}
              name="teamIds"
              render={({ field }) => (
                <div className={cn("grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2", ringRoom)}>
                  {teams.map((team) => (
                    <Checkbox
                      key={team.id}
                      label={`${team.name} (${enumLabel(t, "TeamType", team.department)})`}
                      checked={(field.value ?? []).includes(team.id)}
                      onCheckedChange={(checked) => {
                        const ids = field.value ?? [];
                        field.onChange(checked ? [...ids, team.id] : ids.filter((x) => x !== team.id));
                      }}
                    />
                  ))}
                </div>
              )}
            />
            {err(form.formState.errors.teamIds?.message) ? (
              <p className="text-sm font-medium text-danger" data-testid="field-error">
                {err(form.formState.errors.teamIds?.message)}
              </p>
            ) : null}
          </fieldset>
          <FormDialogFooter submit={t("common.save")} busy={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
