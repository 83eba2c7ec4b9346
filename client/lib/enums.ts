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
