import { BookmarkPlus, Copy, Pencil, Trash2 } from "../icons";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { Category } from "../../../contract/enums";
import { LanguageMenu } from "../../app/shell/LanguageMenu";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { ThemeToggle } from "../../app/shell/ThemeToggle";
import { formatDate, today } from "../../lib/dates";
import { useLanguage, useT } from "../../lib/i18n";
import { Avatar } from "../ui/Avatar";
import { Button } from "../ui/Button";
import { DatePicker } from "../ui/DatePicker";
import { Badge, type BadgeTone } from "../ui/Badge";
import { ConfirmDelete } from "../ui/ConfirmDelete";
import { Dialog, DialogContent, DialogFooter, DialogClose, DialogTrigger } from "../ui/Dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/DropdownMenu";
import { EmptyState } from "../ui/EmptyState";
import { Checkbox, Field, Input, Switch, Textarea } from "../ui/Field";
import { Skeleton } from "../ui/Skeleton";
import { QueryState } from "../ui/QueryState";
import { Spinner } from "../ui/Spinner";
import { DataTable } from "../ui/Table";
import { Tabs } from "../ui/Tabs";
import { toast, toastMessage } from "../ui/toast-store";
import { TOOLTIP_DELAY, Tooltip, TooltipProvider } from "../ui/Tooltip";
import { enumLabel } from "../../lib/enums";
import { EnumSelect } from "../ui/EnumSelect";

/**
 * The design system on one page (/design-system): every component in the
 * current theme, language and partner colours. Used to review the look, by the
 * accessibility checks of tests/e2e/shell-*.spec.ts, and as the dirty form of
 * the leave-without-saving test.
 */
/** Outside the shell, so it brings the tooltip provider the shell would give. */
export default function DesignSystemScreen() {
  return (
    <TooltipProvider>
      <Gallery />
    </TooltipProvider>
  );
}

function Gallery() {
  const t = useT();
  const [language] = useLanguage();
  const sample = new Date(2026, 2, 5, 14, 30);
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-8 sm:px-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("gallery.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("gallery.intro")}</p>
        </div>
        <div className="flex items-center gap-1">
          <Link to="/help" className="mr-2 text-sm font-medium text-brand-text underline underline-offset-4">
            {t("crumb.help")}
          </Link>
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </header>

      <Section title={t("gallery.buttons")}>
        <div className="flex flex-wrap items-center gap-2">
          <Button>{t("gallery.primary")}</Button>
          <Button variant="secondary">{t("gallery.secondary")}</Button>
          <Button variant="outline">{t("gallery.outline")}</Button>
          <Button variant="ghost">{t("gallery.ghost")}</Button>
          <Button variant="danger">{t("gallery.danger")}</Button>
          <Button loading>{t("gallery.loading")}</Button>
          <Button variant="outline" size="icon" aria-label={t("common.edit")}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="link">{t("gallery.browse")}</Button>
        </div>
      </Section>

      <Section title={t("gallery.form")}>
        <GalleryForm />
      </Section>

      <Section title={t("gallery.toasts")}>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => toast({ title: t("toast.invitesAllSent.title"), description: t("toast.invitesAllSent.description"), variant: "success" })}
          >
            {t("gallery.showToast")}
          </Button>
          <Button variant="outline" onClick={() => toastMessage("toast.cancelBookingFailed")}>
            {t("gallery.showErrorToast")}
          </Button>
        </div>
      </Section>

      <Section title={t("gallery.dialogs")}>
        <div className="flex flex-wrap items-center gap-2">
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline">{t("gallery.openDialog")}</Button>
            </DialogTrigger>
            <DialogContent title={t("gallery.openDialog")} description={t("gallery.dialogBody")}>
              <DialogFooter>
                <DialogClose asChild>
                  <Button>{t("common.done")}</Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>
          <ConfirmDelete
            trigger={
              <Button variant="danger">
                <Trash2 aria-hidden="true" />
                {t("gallery.confirmDelete")}
              </Button>
            }
            name={t("gallery.sampleWorkout")}
            consequence={t("gallery.confirmDeleteBody")}
            onConfirm={() => undefined}
          />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline">{t("gallery.menu")}</Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuLabel>{t("common.actions")}</DropdownMenuLabel>
              <DropdownMenuItem>
                <Pencil aria-hidden="true" />
                {t("common.edit")}
              </DropdownMenuItem>
              <DropdownMenuItem>
                <Copy aria-hidden="true" />
                {t("common.copy")}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-danger">
                <Trash2 aria-hidden="true" />
                {t("common.delete")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <Tooltip content={t("gallery.tooltipText", { delay: TOOLTIP_DELAY })}>
            <Button variant="ghost">{t("gallery.tooltip")}</Button>
          </Tooltip>
        </div>
      </Section>

      <Section title={t("gallery.table")}>
        <DataTable
          caption={t("gallery.tableCaption")}
          rowKey={(r) => r.id}
          rows={[
            { id: "1", name: t("enum.Category.aiAndAutomation"), date: "2026-03-05", status: "confirmed" as const },
            { id: "2", name: t("enum.Category.securityAndContinuity"), date: "2026-04-12", status: "awaitingConfirmation" as const },
            { id: "3", name: t("enum.Category.strategy"), date: "2026-05-20", status: "cancelled" as const },
          ]}
          columns={[
            { key: "name", header: t("gallery.session"), cell: (r) => <span className="font-medium">{r.name}</span> },
            { key: "date", header: t("gallery.date"), cell: (r) => formatDate(r.date, "short", language) },
            { key: "status", header: t("gallery.status"), cell: (r) => <Badge tone={TONES[r.status]}>{enumLabel(t, "JobStatus", r.status)}</Badge> },
          ]}
        />
      </Section>

      <Section title={t("gallery.badges")}>
        <div className="flex flex-wrap gap-2">
          {(Object.keys(TONES) as (keyof typeof TONES)[]).map((status) => (
            <Badge key={status} tone={TONES[status]}>
              {enumLabel(t, "JobStatus", status)}
            </Badge>
          ))}
        </div>
      </Section>

      <Section title={t("gallery.tabs")}>
        <Tabs
          label={t("gallery.tabs")}
          tabs={[
            { id: "overview", label: t("gallery.tabOverview"), content: <p>{t("gallery.tabOverviewBody")}</p> },
            { id: "details", label: t("gallery.tabDetails"), content: <p>{t("gallery.tabDetailsBody")}</p> },
          ]}
        />
      </Section>

      <Section title={t("gallery.avatars")}>
        <div className="flex flex-wrap items-end gap-4">
          <Avatar name="Ada Lovelace" size="sm" />
          <Avatar name="Grace Hopper" size="base" />
          <Avatar name="Northwind Traders" size="lg" shape="square" />
        </div>
      </Section>

      <Section title={t("gallery.feedback")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-3 rounded-xl border border-border p-4">
            <Spinner />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <QueryState
              query={{ isPending: true, isError: false, data: undefined, refetch: () => undefined }}
              error={t("gallery.loadFailed")}
              rows={2}
              rowClassName="h-8"
            >
              {() => null}
            </QueryState>
            <QueryState query={{ isPending: false, isError: true, data: undefined, refetch: () => undefined }} error={t("gallery.loadFailed")}>
              {() => null}
            </QueryState>
          </div>
          <EmptyState
            headingLevel={3}
            icon={<BookmarkPlus />}
            title={t("gallery.emptyTitle")}
            description={t("gallery.emptyBody")}
            action={<Button variant="outline">{t("gallery.browse")}</Button>}
          />
        </div>
      </Section>

      <Section title={t("gallery.dates")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t("gallery.shortDate")}</dt>
          <dd data-testid="date-short">{formatDate(sample, "short", language)}</dd>
          <dt className="text-muted-foreground">{t("gallery.longDate")}</dt>
          <dd data-testid="date-long">{formatDate(sample, "long", language)}</dd>
        </dl>
      </Section>
    </main>
  );
}

/** Job statuses in the tones the bookings screens give them. */
const TONES = {
  pending: "neutral",
  awaitingScheduling: "warning",
  awaitingConfirmation: "info",
  confirmed: "success",
  inProgress: "accent",
  cancelled: "danger",
} as const satisfies Record<string, BadgeTone>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function GalleryForm() {
  const t = useT();
  const [name, setName] = useState("");
  const [category, setCategory] = useState("");
  const [description, setDescription] = useState("");
  const [start, setStart] = useState<string | null>(null);
  const [customise, setCustomise] = useState(false);
  const [notify, setNotify] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const dirty = Boolean(name || category || description || start || customise || !notify);

  const missing = { name: !name.trim(), category: !category };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (missing.name || missing.category) toastMessage("toast.missingFields");
  };

  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-4" data-testid="gallery-form">
      <LeaveGuard when={dirty} />
      <Field label={t("gallery.name")} required error={submitted && missing.name}>
        <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </Field>
      <Field label={t("gallery.category")} required error={submitted && missing.category}>
        <EnumSelect enumName="Category" values={Category} value={category} onChange={(e) => setCategory(e.target.value)} placeholder={t("common.select")} />
      </Field>
      <Field label={t("gallery.description")} optional hint={t("form.charactersRemaining", { count: 200 - description.length })}>
        <Textarea value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label={t("gallery.startDate")} optional>
        <DatePicker value={start} onChange={setStart} min={today()} clearable />
      </Field>
      <Checkbox label={t("gallery.customize")} checked={customise} onCheckedChange={(v) => setCustomise(v === true)} />
      <Switch label={t("gallery.notifications")} checked={notify} onCheckedChange={setNotify} />
      <div>
        <Button type="submit">{t("gallery.submit")}</Button>
      </div>
    </form>
  );
}
