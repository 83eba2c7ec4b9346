import { useState, type FormEvent } from "react";
import { Language, Theme } from "../../../contract/enums";
import type { UserDto } from "../../../contract/users";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { toast } from "../../components/ui/toast-store";
import { useLanguage, useT } from "../../lib/i18n";
import { useTheme } from "../../lib/theme";
import { useSaveUser } from "./api";
import { Section } from "./Section";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { oneOf } from "../../lib/enums";

/**
 * The signed-in user's own details (User): first and last name, theme
 * and language. Theme and language follow the shell's local settings and,
 * when changed here, apply at once and are saved with the user.
 */
export function UserDetailsSection({ me }: { me: UserDto }) {
  const t = useT();
  const [theme, setTheme] = useTheme();
  const [language, setLanguage] = useLanguage();
  const [firstName, setFirstName] = useState(me.firstName ?? "");
  const [lastName, setLastName] = useState(me.lastName ?? "");
  const save = useSaveUser();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ firstName: firstName.trim() || null, lastName: lastName.trim() || null, theme, language });
      toast({ title: t("profile.userSaved"), variant: "success" });
    } catch {
      toast({ title: t("message.generic"), variant: "error" });
    }
  };

  return (
    <Section id="your-details" title={t("profile.yourDetails")} description={me.email}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t("profile.yourDetails")}>
        <Field label={t("auth.firstName")}>
          <Input autoComplete="given-name" value={firstName} maxLength={80} onChange={(e) => setFirstName(e.target.value)} />
        </Field>
        <Field label={t("auth.lastName")}>
          <Input autoComplete="family-name" value={lastName} maxLength={80} onChange={(e) => setLastName(e.target.value)} />
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
    </Section>
  );
}
