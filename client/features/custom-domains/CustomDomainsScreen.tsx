import { zodResolver } from "@hookform/resolvers/zod";
import { Globe } from "../../components/icons";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { addCustomDomainSchema, type AddCustomDomain, type CustomDomainDto } from "../../../contract/domains";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { CopyButton } from "../../components/ui/CopyButton";
import { EmptyState } from "../../components/ui/EmptyState";
import { Checkbox, Field, Input } from "../../components/ui/Field";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/Table";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useAddCustomDomain, useConnectCustomDomain, useCustomDomains, useDeleteCustomDomain } from "./api";
import { Badge } from "../../components/ui/Badge";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { QueryState } from "../../components/ui/QueryState";
import { enumLabel } from "../../lib/enums";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { toastInvalidForm } from "../../lib/forms";

/**
 * The `.test` TLDs are allowed while developing (the server decides; the
 * client mirrors it for localhost and *.test hosts so the form does not
 * refuse what the server accepts there).
 */
const allowTestTlds = typeof location !== "undefined" && /(^|\.)(localhost|test)$|^127\.0\.0\.1$/.test(location.hostname);
const schema = addCustomDomainSchema({ allowTestTlds });

/**
 * /admin/custom-domains (Custom Domains): the partner's
 * domains with their state and the DNS record to create; add, Connect (the
 * connection test, showing the server's reason on failure) and delete.
 */
export default function CustomDomainsScreen() {
  const t = useT();
  const { account } = useAppUser();
  const query = useCustomDomains(account?.id);
  const items = query.data?.items ?? [];

  return (
    <Page title={t("domains.title")}>
      <p className="-mt-3 mb-6 max-w-2xl text-sm text-muted-foreground">{t("domains.subtitle")}</p>
      <div className="grid gap-8">
        <AddDomainForm accountId={account?.id} />
        <div className="grid gap-3">
          <h2 id="domains-list" className="text-lg font-semibold">
            {t("domains.listTitle")}
          </h2>
          <QueryState
            query={query}
            error={t("domains.loadFailed")}
            rows={2}
            isEmpty={() => items.length === 0}
            empty={<EmptyState icon={<Globe />} title={t("domains.emptyTitle")} description={t("domains.emptyBody")} headingLevel={3} />}
          >
            {() => (
              <Table caption={t("domains.listTitle")} hideCaption>
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>{t("domains.column.domain")}</TableHeaderCell>
                    <TableHeaderCell>{t("domains.column.state")}</TableHeaderCell>
                    <TableHeaderCell>{t("domains.column.dns")}</TableHeaderCell>
                    <TableHeaderCell>
                      <span className="sr-only">{t("common.actions")}</span>
                    </TableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((d) => (
                    <DomainRow key={d.id} domain={d} accountId={account?.id} />
                  ))}
                </TableBody>
              </Table>
            )}
          </QueryState>
        </div>
      </div>
    </Page>
  );
}

function AddDomainForm({ accountId }: { accountId: string | undefined }) {
  const t = useT();
  const add = useAddCustomDomain(accountId);
  const form = useForm<AddCustomDomain, unknown, AddCustomDomain>({ resolver: zodResolver(schema), defaultValues: { uri: "", isSatellite: true } });
  const error = form.formState.errors.uri?.message;

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const created = await add.mutateAsync(body);
        form.reset({ uri: "", isSatellite: body.isSatellite });
        toast({ title: t("domains.added", { domain: created.uri }), variant: "success" });
      } catch (e) {
        if (e instanceof ApiError && e.fields.uri) form.setError("uri", { message: e.fields.uri });
        toastMessage("toast.domainAddFailed");
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="domains-add" className="grid gap-4 rounded-xl border border-border bg-card p-6">
      <LeaveGuard when={form.formState.isDirty && !add.isPending} />
      <h2 id="domains-add" className="text-lg font-semibold">
        {t("domains.addTitle")}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label={t("domains.domain")} required hint={t("domains.domainHint")} error={error ? translateApiMessage(error) : null} className="flex-1">
          <Input placeholder="learn.example.com" autoComplete="off" spellCheck={false} inputMode="url" {...form.register("uri")} />
        </Field>
        <Button type="submit" loading={add.isPending} className="sm:mt-7">
          {t("domains.add")}
        </Button>
      </div>
      <Controller
        control={form.control}
        name="isSatellite"
        render={({ field }) => (
          <Checkbox
            label={t("domains.satellite")}
            hint={t("domains.satelliteHint")}
            checked={field.value ?? true}
            onCheckedChange={(on) => field.onChange(on === true)}
            onBlur={field.onBlur}
          />
        )}
      />
    </form>
  );
}

function DomainRow({ domain, accountId }: { domain: CustomDomainDto; accountId: string | undefined }) {
  const t = useT();
  const connect = useConnectCustomDomain(accountId);
  const remove = useDeleteCustomDomain(accountId);
  const [confirming, setConfirming] = useState(false);
  const connected = domain.state === "connected";

  const runConnect = async () => {
    try {
      await connect.mutateAsync(domain.id);
      toast({ title: t("domains.connected", { domain: domain.uri }), variant: "success" });
    } catch (e) {
      // The server's error text, or a blank fallback.
      toastMessage("toast.domainConnectFailed", { values: { error: e instanceof ApiError ? e.message : "" } });
    }
  };

  const runDelete = async () => {
    try {
      await remove.mutateAsync(domain.id);
      setConfirming(false);
      toast({ title: t("domains.deleted", { domain: domain.uri }), variant: "success" });
    } catch {
      setConfirming(false);
      toastMessage("toast.domainDeleteFailed");
    }
  };

  return (
    <TableRow data-testid={`domain-${domain.uri}`}>
      <TableCell className="font-medium break-all" label={t("domains.column.domain")}>
        {domain.uri}
        {domain.isSatellite ? (
          <Badge tone="neutral" className="ml-2" data-testid="domain-satellite">
            {t("domains.satelliteBadge")}
          </Badge>
        ) : null}
      </TableCell>
      <TableCell label={t("domains.column.state")}>
        <Badge tone={connected ? "success" : "warning"} data-testid="domain-state">
          {enumLabel(t, "CustomDomainState", domain.state)}
        </Badge>
      </TableCell>
      <TableCell label={t("domains.column.dns")}>
        <div className="grid gap-3">
          <DnsRecord domain={domain.uri} record={domain.dnsRecord} purpose={t("domains.cnamePurpose")} />
          <DnsRecord domain={domain.uri} record={domain.txtRecord} purpose={t("domains.txtPurpose")} />
        </div>
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-2">
          {!connected ? (
            <Button size="sm" loading={connect.isPending} onClick={() => void runConnect()} aria-label={t("domains.connectDomain", { domain: domain.uri })}>
              {t("domains.connect")}
            </Button>
          ) : null}
          <ConfirmDelete
            open={confirming}
            onOpenChange={setConfirming}
            name={domain.uri}
            consequence={t("domains.deleteBody")}
            loading={remove.isPending}
            onConfirm={runDelete}
            trigger={
              <Button size="sm" variant="outline" aria-label={t("domains.deleteDomain", { domain: domain.uri })}>
                {t("common.delete")}
              </Button>
            }
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** One DNS record the partner creates, with its name and value copyable. */
function DnsRecord({ domain, record, purpose }: { domain: string; record: { type: string; name: string; value: string }; purpose: string }) {
  const t = useT();
  return (
    <div data-testid={`dns-record-${record.type}`} className="grid gap-0.5 text-xs">
      <p className="text-muted-foreground">{purpose}</p>
      <dl className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2">
        <dt className="text-muted-foreground">{t("domains.dnsType")}</dt>
        <dd className="col-span-2 font-mono">{record.type}</dd>
        <dt className="text-muted-foreground">{t("domains.dnsName")}</dt>
        <dd data-testid="dns-name" className="font-mono break-all">
          {record.name}
        </dd>
        <dd>
          <CopyButton value={record.name} label={t("domains.copyName", { type: record.type, domain })} />
        </dd>
        <dt className="text-muted-foreground">{t("domains.dnsValue")}</dt>
        <dd data-testid="dns-value" className="font-mono break-all">
          {record.value}
        </dd>
        <dd>
          <CopyButton value={record.value} label={t("domains.copyValue", { type: record.type, domain })} />
        </dd>
      </dl>
    </div>
  );
}
