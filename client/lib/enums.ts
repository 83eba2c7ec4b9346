import type { MessageKey } from "../i18n";
import type { Translate } from "./i18n";

/** Every enumeration with labels in the catalogue (`enum.<Name>.<value>`). */
type EnumKey = Extract<MessageKey, `enum.${string}`>;
export type EnumName = EnumKey extends `enum.${infer N}.${string}` ? N : never;
/** The values of one enumeration that have a label. */
export type EnumValue<N extends EnumName> = Extract<EnumKey, `enum.${N}.${string}`> extends `enum.${N}.${infer V}` ? V : never;

/** The label of an enumeration's value in the current language, checked by the compiler. */
export function enumLabel<N extends EnumName>(t: Translate, name: N, value: EnumValue<N>): string {
  return t(`enum.${name}.${value}` as MessageKey);
}

/** The value a select or a link gave, if it is one of `values` (else undefined): a string narrowed to the enumeration. */
export function oneOf<T extends string>(values: readonly T[], raw: string | null | undefined): T | undefined {
  return (values as readonly (string | null | undefined)[]).includes(raw) ? (raw as T) : undefined;
}
