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
