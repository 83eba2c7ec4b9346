import type { Industry, AccountLocation, OrgSize } from "../../contract/enums";
import type { VisibilityCondition, VisibilityExpression } from "../../contract/workouts";

/** What a visibility expression can test about a customer. */
export type VisibilitySubject = {
  priceGroupId: string | null;
  industry: Industry | null;
  size: OrgSize | null;
  location: AccountLocation | null;
};

function subjectValue(subject: VisibilitySubject, field: VisibilityCondition["field"]): string | null {
  switch (field) {
    case "priceGroup":
      return subject.priceGroupId;
    case "industry":
      return subject.industry;
    case "size":
      return subject.size;
    case "location":
      return subject.location;
  }
}

function isGroup(node: VisibilityCondition | VisibilityExpression): node is VisibilityExpression {
  return "operator" in node;
}

/**
 * Whether a customer satisfies a workout's visibility expression. Pure.
 * - null (or a group with no conditions): everyone.
 * - `in`: the customer's value is one of `values` (an unknown value never is).
 * - `notIn`: the customer's value is none of `values` (an unknown value is none).
 * - `and`: every condition holds; `or`: at least one does. Groups nest.
 */
export function isVisible(expression: VisibilityExpression | null | undefined, subject: VisibilitySubject): boolean {
  if (!expression) return true;
  return evaluate(expression, subject);
}

function evaluate(node: VisibilityCondition | VisibilityExpression, subject: VisibilitySubject): boolean {
  if (isGroup(node)) {
    if (node.conditions.length === 0) return true;
    return node.operator === "and" ? node.conditions.every((c) => evaluate(c, subject)) : node.conditions.some((c) => evaluate(c, subject));
  }
  const value = subjectValue(subject, node.field);
  const member = value !== null && node.values.includes(value);
  return node.comparator === "in" ? member : !member;
}

/** What the expression tests about an account (its other fields play no part). */
export function subjectOf(account: VisibilitySubject): VisibilitySubject {
  return { priceGroupId: account.priceGroupId, industry: account.industry, size: account.size, location: account.location };
}

/**
 * The variant a customer of `partnerId` sees and books for each workout, from
 * in-date variants in creation order: the partner's own first, else the
 * author's; another partner's variant never. A workout without such a variant
 * is absent from the answer (it is not in the catalogue). Pure.
 */
export function chooseVariants<V extends { workoutId: string; accountId: string }>(
  variants: readonly V[],
  partnerId: string,
  workouts: readonly { id: string; accountId: string }[],
): Map<string, V> {
  const authorOf = new Map(workouts.map((w) => [w.id, w.accountId]));
  const chosen = new Map<string, V>();
  for (const v of variants) {
    const mine = v.accountId === partnerId;
    const author = v.accountId === authorOf.get(v.workoutId);
    if (!mine && !author) continue;
    const current = chosen.get(v.workoutId);
    if (!current || (mine && current.accountId !== partnerId)) chosen.set(v.workoutId, v);
  }
  return chosen;
}
