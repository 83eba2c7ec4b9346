import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, Tags, Trash2 } from "../../components/icons";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PriceGroupBody, type PriceGroupDto } from "../../../contract/groups";
import { OwnAuditSection } from "../../components/AuditTrail";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Field, Input, Textarea } from "../../components/ui/Field";
import { DataTable } from "../../components/ui/Table";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useDeletePriceGroup, usePriceGroups, useSavePriceGroup } from "./api";
import { setFieldErrors, toastInvalidForm } from "../../lib/forms";
import type { z } from "zod";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { QueryState } from "../../components/ui/QueryState";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

type Values = z.input<typeof PriceGroupBody>;

/** /admin/price-groups: the partner's price groups (pricing lines and visibility can target them). */
export default function PriceGroupsScreen() {
  const t = useT();
  const query = usePriceGroups();
  const del = useDeletePriceGroup();
  const [editing, setEditing] = useState<PriceGroupDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<PriceGroupDto | null>(null);

  return (
    <Page
      title={t("priceGroups.title")}
      actions={
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          {t("priceGroups.create")}
        </Button>
      }
    >
      <QueryState
        query={query}
        error={t("priceGroups.loadFailed")}
        rows={1}
        rowClassName="h-32"
        isEmpty={(groups) => groups.length === 0}
        empty={<EmptyState icon={<Tags />} title={t("priceGroups.emptyTitle")} description={t("priceGroups.emptyBody")} />}
      >
        {(groups) => (
          <DataTable
            caption={t("priceGroups.title")}
            hideCaption
            rows={groups}
            rowKey={(g) => g.id}
            columns={[
              { key: "name", header: t("priceGroups.name"), cell: (g) => <span className="font-medium">{g.name}</span> },
              { key: "description", header: t("priceGroups.description"), cell: (g) => g.description ?? "—" },
              { key: "customers", header: t("priceGroups.customers"), cell: (g) => g.customerCount },
              {
                key: "actions",
                header: <span className="sr-only">{t("common.actions")}</span>,
                className: "text-right",
                cell: (g) => (
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon-sm" aria-label={t("priceGroups.editNamed", { name: g.name })} onClick={() => setEditing(g)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon-sm" aria-label={t("priceGroups.deleteNamed", { name: g.name })} onClick={() => setDeleting(g)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <OwnAuditSection hint="partner" />
      {editing ? <PriceGroupDialog group={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        name={deleting?.name ?? ""}
        consequence={t("priceGroups.deleteBody")}
        loading={del.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await del.mutateAsync(deleting.id);
            toast({ title: t("priceGroups.deleted"), variant: "success" });
          } catch {
            toastMessage("toast.priceGroupDeleteFailed");
          }
          setDeleting(null);
        }}
      />
    </Page>
  );
}

function PriceGroupDialog({ group, onClose }: { group: PriceGroupDto | null; onClose: () => void }) {
  const t = useT();
  const save = useSavePriceGroup();
  const form = useForm<Values, unknown, PriceGroupBody>({
    resolver: zodResolver(PriceGroupBody),
    defaultValues: { name: group?.name ?? "", description: group?.description ?? "" },
  });
  const err = (m?: string) => (m ? translateApiMessage(m) : null);
  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync({ id: group?.id, body: values });
        toast({ title: group ? t("priceGroups.updated") : t("priceGroups.created"), variant: "success" });
        onClose();
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) {
          setFieldErrors(form.setError, e.fields);
        } else toastMessage(group ? "toast.priceGroupUpdateFailed" : "toast.priceGroupCreateFailed");
      }
    },
    (errors) => toastInvalidForm(errors),
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={group ? t("priceGroups.editTitle") : t("priceGroups.createTitle")}>
        <LeaveGuard when={form.formState.isDirty && !save.isPending} />
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <Field label={t("priceGroups.name")} required error={err(form.formState.errors.name?.message)}>
            <Input {...form.register("name")} />
          </Field>
          <Field label={t("priceGroups.description")} optional error={err(form.formState.errors.description?.message)}>
            <Textarea {...form.register("description")} />
          </Field>
          <FormDialogFooter submit={t("common.save")} busy={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
