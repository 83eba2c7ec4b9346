import { MoreHorizontal, UserPlus } from "../../components/icons";
import { useState, type FormEvent } from "react";
import { TEAM_MESSAGES, inviteSummary, isEmail, splitEmails, type InviteResult, type TeamDto, type TeamMemberDto } from "../../../contract/team";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog, Dialog, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/DropdownMenu";
import { Checkbox, Field, Input, Textarea } from "../../components/ui/Field";
import { DataTable, type Column } from "../../components/ui/Table";
import { toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useInvite, useRevokeInvite, useTeamMembers, useTeams, useUpdateMember } from "./api";
import { translateMessage } from "./messages";
import { Section } from "./Section";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { QueryState } from "../../components/ui/QueryState";
import { enumLabel, oneOf } from "../../lib/enums";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { AssignableRole } from "../../../contract/team";

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

/** Invite by email, separated by semicolons, with the all / some / none sent toasts. */
function InviteDialog({ open, onOpenChange, accountId }: { open: boolean; onOpenChange: (open: boolean) => void; accountId: string }) {
  const t = useT();
  const invite = useInvite(accountId);
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState<"member" | "admin">("member");
  const [error, setError] = useState<string | null>(null);
  const [notSent, setNotSent] = useState<InviteResult["results"]>([]);

  const reset = () => {
    setEmails("");
    setError(null);
    setNotSent([]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const list = splitEmails(emails);
    if (list.length === 0) return setError(translateMessage(TEAM_MESSAGES.inviteAtLeastOne));
    const bad = list.filter((x) => !isEmail(x));
    if (bad.length) return setError(`${translateMessage(TEAM_MESSAGES.invalidEmailAddress)}: ${bad.join(", ")}`);
    setError(null);
    try {
      const result = await invite.mutateAsync({ emails: list.join(";"), role });
      const summary = inviteSummary(result);
      // Addresses refused one by one (already invited, already members) are the input's fault: the list below says why, never "try again later".
      toastMessage(summary === "all" ? "toast.invitesAllSent" : summary === "some" ? "toast.invitesSomeSent" : "toast.invitesRefused", {
        variant: summary === "all" ? "success" : "error",
      });
      if (summary === "all") {
        reset();
        onOpenChange(false);
      } else {
        setNotSent(result.results.filter((r) => r.outcome !== "sent"));
        setEmails(
          result.results
            .filter((r) => r.outcome !== "sent")
            .map((r) => r.email)
            .join("; "),
        );
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields.emails) {
        setError(translateMessage(err.fields.emails));
        return toastMessage("toast.invitesRefused", { variant: "error" });
      }
      toastMessage("toast.invitesNoneSent", { variant: "error" });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent title={t("team.inviteTitle")} description={t("team.inviteBody")}>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <Field label={t("team.emails")} required hint={t("form.emailsSeparator")} error={error}>
            <Textarea rows={3} value={emails} onChange={(e) => setEmails(e.target.value)} placeholder="ana@example.com; li@example.com" />
          </Field>
          <Field label={t("team.role")}>
            <EnumSelect enumName="OrgRole" values={AssignableRole} value={role} onChange={(e) => setRole(oneOf(AssignableRole, e.target.value) ?? "member")} />
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t("team.sendInvites")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

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
  const [name, setName] = useState(member.name ?? "");
  const [role, setRole] = useState<"admin" | "member">(member.role === "owner" ? "admin" : member.role);
  const [teamIds, setTeamIds] = useState<string[]>(member.teams.map((x) => x.id));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await update.mutateAsync({ id: member.id, body: { name: name.trim(), teamIds, ...(lockRole ? {} : { role }) } });
      onClose();
    } catch {
      toastMessage("toast.teamMemberUpdateFailed", { variant: "error" });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t("team.editTitle")} description={member.email}>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <Field label={t("team.name")}>
            <Input value={name} maxLength={160} onChange={(e) => setName(e.target.value)} />
          </Field>
          {lockRole ? null : (
            <Field label={t("team.role")}>
              <EnumSelect
                enumName="OrgRole"
                values={AssignableRole}
                value={role}
                onChange={(e) => setRole(oneOf(AssignableRole, e.target.value) ?? "member")}
              />
            </Field>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("team.teams")}</legend>
            {teams.length === 0 ? <p className="text-sm text-muted-foreground">{t("teams.none")}</p> : null}
            <div className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
              {teams.map((team) => (
                <Checkbox
                  key={team.id}
                  label={`${team.name} (${enumLabel(t, "TeamType", team.department)})`}
                  checked={teamIds.includes(team.id)}
                  onCheckedChange={(checked) => setTeamIds((ids) => (checked ? [...ids, team.id] : ids.filter((x) => x !== team.id)))}
                />
              ))}
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t("common.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
