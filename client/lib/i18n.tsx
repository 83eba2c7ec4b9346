import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { DEFAULT_LANGUAGE, Language } from "../../contract/preferences";
import type { Catalogue, MessageKey, PluralKey } from "../i18n";
import { enAUFirst } from "../i18n/en-AU.first";
import { enGBFirst } from "../i18n/en-GB.first";
import { enUSFirst } from "../i18n/en-US.first";
import { LANGUAGE_TAG } from "../i18n/tags";
import { ONE_YEAR, storage, writeCookie } from "./cookies";

/**
 * Interface language: enUS, enGB or enAU, default enUS, kept in
 * local storage under `language` and mirrored into a `language` cookie so the
 * server renders `<html lang>` right in the first response.
 *
 * The current language lives in a small store so that code outside React
 * (toasts raised from a mutation's onError, the error handler) translates with
 * `translate()`; components use `useT()` and re-render when it changes.
 *
 * The page loads only the first screens' texts (client/i18n/*.first.ts); the
 * full catalogues come with `loadCatalogues()`, which every route that needs
 * them awaits before it renders (client/app/router.tsx, the shell).
 */
export const LANGUAGE_STORAGE_KEY = "language";

export type Values = Record<string, string | number>;
export type TranslationKey = MessageKey | PluralKey;
export type Translate = (key: TranslationKey, values?: Values) => string;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (Language as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

let current: Language = typeof window === "undefined" ? DEFAULT_LANGUAGE : initialLanguage();
const listeners = new Set<() => void>();

export function getLanguage(): Language {
  return current;
}

/** Switches the language everywhere, remembers it and updates `<html lang>`. */
export function setLanguage(language: Language): void {
  if (!isLanguage(language)) return;
  current = language;
  storage.set(LANGUAGE_STORAGE_KEY, language);
  writeCookie(LANGUAGE_STORAGE_KEY, language, ONE_YEAR);
  if (typeof document !== "undefined") document.documentElement.lang = LANGUAGE_TAG[language];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The texts known so far in each language: the first screens' until `loadCatalogues()` has run. */
const known: Record<Language, Record<string, string>> = {
  enUS: { ...enUSFirst },
  enGB: { ...enUSFirst, ...enGBFirst },
  enAU: { ...enUSFirst, ...enGBFirst, ...enAUFirst },
};
let full = false;
let loading: Promise<void> | null = null;

/** Adds the full catalogues (the server, and tests, have them from the start). */
export function addCatalogues(catalogues: Record<Language, Catalogue>): void {
  for (const language of Language) Object.assign(known[language], catalogues[language]);
  full = true;
}

/** Whether every text is there (else only the first screens'). */
export function catalogueComplete(): boolean {
  return full;
}

/** Fetches the full catalogues once; resolves when every text can be translated. */
export function loadCatalogues(): Promise<void> {
  if (full) return Promise.resolve();
  loading ??= import("../i18n").then(
    (m) => addCatalogues(m.CATALOGUES),
    (error: unknown) => {
      loading = null; // a later navigation tries again
      throw error;
    },
  );
  return loading;
}

function fill(text: string, values?: Values): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The text of `key` in `language`, with `{placeholders}` filled from `values`.
 * A plural key (`x` for `x_one`/`x_other`) picks its form from `values.count`.
 */
export function translate(key: TranslationKey, values?: Values, language: Language = current): string {
  const catalogue = known[language];
  let text = catalogue[key];
  if (text === undefined && values && typeof values.count === "number") {
    const form = new Intl.PluralRules(LANGUAGE_TAG[language]).select(values.count);
    text = catalogue[`${key}_${form}`] ?? catalogue[`${key}_other`];
  }
  return fill(text ?? key, values);
}

const LanguageContext = createContext<Language | null>(null);

/**
 * Provides the language to the tree and keeps `<html lang>` in step. With
 * `language` set, the subtree is pinned to it (previews, tests).
 */
export function I18nProvider({ children, language }: { children: ReactNode; language?: Language }) {
  const live = useSyncExternalStore(subscribe, getLanguage, () => DEFAULT_LANGUAGE);
  const value = language ?? live;
  useEffect(() => {
    if (!language) document.documentElement.lang = LANGUAGE_TAG[live];
  }, [language, live]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The current language and the function that changes it. */
export function useLanguage(): [Language, (language: Language) => void] {
  const fromContext = useContext(LanguageContext);
  const live = useSyncExternalStore(subscribe, getLanguage, () => DEFAULT_LANGUAGE);
  return [fromContext ?? live, setLanguage];
}

/** `t(key, values)` in the current language; the component re-renders when it changes. */
export function useT(): Translate {
  const [language] = useLanguage();
  return useCallback((key: TranslationKey, values?: Values) => translate(key, values, language), [language]);
}

/** The BCP 47 tag of the current language, for Intl formatting. */
export function useLocale(): string {
  const [language] = useLanguage();
  return useMemo(() => LANGUAGE_TAG[language], [language]);
}
