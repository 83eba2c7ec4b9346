import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Language, Theme } from "../../../contract/enums";
import { SaveUserData, type UserDto } from "../../../contract/users";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { Button } from "../../components/ui/Button";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Field, Input } from "../../components/ui/Field";
import { toast } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { oneOf } from "../../lib/enums";
import { setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useLanguage, useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useTheme } from "../../lib/theme";
import { TimeZonePicker } from "../../components/ui/TimeZonePicker";
import { useTimeZone } from "../../lib/dates";
import { useSaveTimeZone, useSaveUser } from "./api";
import { Section } from "./Section";

/** The names as the form edits them; theme and language are the shell's live settings, sent with them. */
const NamesForm = SaveUserData.pick({ firstName: true, lastName: true });

/**
 * The signed-in user's own details (User): first and last name, theme
 * and language. Theme and language follow the shell's local settings and,
 * when changed here, apply at once and are saved with the user.
 */
export function UserDetailsSection({ me }: { me: UserDto }) {
  const t = useT();
  const [theme, setTheme] = useTheme();
  const [language, setLanguage] = useLanguage();
  const save = useSaveUser();
  const timeZone = useTimeZone();
  const saveZone = useSaveTimeZone();
  const chooseZone = (zone: string) =>
    saveZone.mutate(zone, {
      onSuccess: () => toast({ title: t("profile.timeZoneSaved"), variant: "success" }),
      onError: () => toast({ title: t("message.generic"), variant: "error" }),
    });
  const form = useForm<z.input<typeof NamesForm>, unknown, z.output<typeof NamesForm>>({
    resolver: zodResolver(NamesForm),
    defaultValues: { firstName: me.firstName ?? "", lastName: me.lastName ?? "" },
  });
  const { errors } = form.formState;
  const err = (m?: string) => (m ? translateApiMessage(m) : null);

  const submit = form.handleSubmit(
    async (names) => {
      try {
        await save.mutateAsync({ ...names, theme, language });
        form.reset(names);
        toast({ title: t("profile.userSaved"), variant: "success" });
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) setFieldErrors(form.setError, e.fields);
        toast({ title: t("message.generic"), variant: "error" });
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  return (
    <Section id="your-details" title={t("profile.yourDetails")} description={me.email}>
      <LeaveGuard when={form.formState.isDirty && !save.isPending} />
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t("profile.yourDetails")}>
        <Field label={t("auth.firstName")} error={err(errors.firstName?.message)}>
          <Input autoComplete="given-name" maxLength={80} {...form.register("firstName")} />
        </Field>
        <Field label={t("auth.lastName")} error={err(errors.lastName?.message)}>
          <Input autoComplete="family-name" maxLength={80} {...form.register("lastName")} />
        </Field>
        <Field label={t("profile.theme")}>
          <EnumSelect enumName="Theme" values={Theme} value={theme} onChange={(e) => setTheme(oneOf(Theme, e.target.value) ?? theme)} />
        </Field>
        <Field label={t("profile.interfaceLanguage")}>
          <EnumSelect enumName="Language" values={Language} value={language} onChange={(e) => setLanguage(oneOf(Language, e.target.value) ?? language)} />
        </Field>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            {t("profile.saveYourDetails")}
          </Button>
        </div>
      </form>
      {/* Saved as soon as it is chosen, like the theme and language apply at once; outside the form so Enter in its search submits nothing. */}
      <div className="mt-6 max-w-md" data-testid="user-time-zone">
        <TimeZonePicker
          value={me.timeZone ?? timeZone}
          onChange={chooseZone}
          label={t("profile.timeZone")}
          hint={t("profile.timeZoneHint")}
          disabled={saveZone.isPending}
        />
      </div>
    </Section>
  );
}
