import { WORKOUT_DEFAULTS, type VisibilityCondition, type WorkoutDto } from "../../../contract/workouts";
import { today } from "../../lib/dates";
import { partnerRow, partnersOut, pricingOut, pricingRow, type PartnerRow, type PricingRow } from "./parts";

/**
 * The workout editor's form: its values (strings as the inputs hold them),
 * the values of a new or stored workout, and the contract's document they
 * become on save.
 */
type ActionRow = { assigneeType: string; stage: string; name: string; link: string; dueOffsetDays: string; startDate: string | null; endDate: string | null };
type SessionRow = {
  id?: string;
  name: string;
  shortSummary: string;
  description: string;
  icon: string;
  lengthMinutes: string;
  startDate: string | null;
  endDate: string | null;
  actionItems: ActionRow[];
};
type PrereqRow = {
  type: string;
  name: string;
  category: string;
  requiredWorkoutId: string;
  minimumScore: string;
  startDate: string | null;
  endDate: string | null;
};
type ConditionRow = { field: string; comparator: string; values: string[] };

export type WorkoutForm = {
  name: string;
  sku: string;
  type: string;
  category: string;
  allowPartnerVariants: boolean;
  totalMinutes: string;
  maxAttendees: string;
  difficulty: string;
  format: string;
  greatFor: string[];
  title: string;
  subtitle: string;
  description: string;
  icon: string;
  featuredMedia: { type: string; url: string; alt: string }[];
  partnerVisibility: string;
  priority: string;
  visibilityOperator: string;
  conditions: ConditionRow[];
  sessions: SessionRow[];
  prerequisites: PrereqRow[];
  pricing: PricingRow[];
  deliveryPartners: PartnerRow[];
  variant: { name: string; locale: string; availableFrom: string | null; availableTo: string | null };
};

export const blank = (language: string): WorkoutForm => ({
  name: "",
  sku: "",
  type: "",
  category: "",
  allowPartnerVariants: false,
  totalMinutes: "",
  maxAttendees: "",
  difficulty: "",
  format: "onlineInstructorLed",
  greatFor: [],
  title: "",
  subtitle: "",
  description: "",
  icon: "",
  featuredMedia: [],
  partnerVisibility: "private",
  priority: "",
  visibilityOperator: "and",
  conditions: [],
  sessions: [],
  prerequisites: [],
  pricing: [],
  deliveryPartners: [],
  variant: { name: "Standard", locale: language, availableFrom: today(), availableTo: null },
});

export function fromWorkout(w: WorkoutDto, language: string): WorkoutForm {
  const flat = (w.visibility?.conditions ?? []).filter((c): c is VisibilityCondition => "field" in c);
  return {
    ...blank(language),
    name: w.name,
    sku: w.sku,
    type: w.type,
    category: w.category,
    allowPartnerVariants: w.allowPartnerVariants,
    totalMinutes: String(w.totalMinutes),
    maxAttendees: String(w.maxAttendees),
    difficulty: w.difficulty,
    format: w.format,
    greatFor: w.greatFor,
    title: w.title,
    subtitle: w.subtitle ?? "",
    description: w.description ?? "",
    icon: w.icon ?? "",
    featuredMedia: w.featuredMedia.map((m) => ({ type: m.type, url: m.url ?? "", alt: m.alt ?? "" })),
    partnerVisibility: w.partnerVisibility,
    priority: String(w.priority),
    visibilityOperator: w.visibility?.operator ?? "and",
    conditions: flat.map((c) => ({ field: c.field, comparator: c.comparator, values: c.values })),
    sessions: w.sessions.map((s) => ({
      id: s.id,
      name: s.name,
      shortSummary: s.shortSummary ?? "",
      description: s.description ?? "",
      icon: s.icon ?? "",
      lengthMinutes: String(s.lengthMinutes),
      startDate: s.startDate,
      endDate: s.endDate,
      actionItems: s.actionItems.map((a) => ({
        assigneeType: a.assigneeType,
        stage: a.stage,
        name: a.name,
        link: a.link ?? "",
        dueOffsetDays: a.dueOffsetDays === null ? "" : String(a.dueOffsetDays),
        startDate: a.startDate,
        endDate: a.endDate,
      })),
    })),
    prerequisites: w.prerequisites.map((p) => ({
      type: p.type,
      name: p.name,
      category: p.category ?? "",
      requiredWorkoutId: p.requiredWorkoutId ?? "",
      minimumScore: p.minimumScore === null ? "" : String(p.minimumScore),
      startDate: p.startDate,
      endDate: p.endDate,
    })),
    pricing: w.pricing.map(pricingRow),
    deliveryPartners: w.deliveryPartners.map(partnerRow),
  };
}

const orDefault = (v: string, d: number) => (v.trim() === "" ? d : v);
const orNull = (v: string) => (v.trim() === "" ? null : v);

/** The form as the contract's document (validated with the same schema as the worker). */
export function toBody(v: WorkoutForm, creating: boolean) {
  return {
    name: v.name,
    sku: v.sku,
    type: v.type || undefined,
    category: v.category || undefined,
    allowPartnerVariants: v.allowPartnerVariants,
    totalMinutes: orDefault(v.totalMinutes, WORKOUT_DEFAULTS.totalMinutes),
    maxAttendees: orDefault(v.maxAttendees, WORKOUT_DEFAULTS.maxAttendees),
    difficulty: v.difficulty || undefined,
    format: v.format,
    greatFor: v.greatFor,
    title: v.title,
    subtitle: v.subtitle,
    description: v.description,
    icon: v.icon,
    featuredMedia: v.featuredMedia.map((m) => ({ type: m.type, url: m.url, alt: m.alt })),
    partnerVisibility: v.partnerVisibility,
    priority: orDefault(v.priority, WORKOUT_DEFAULTS.priority),
    visibility: v.conditions.length ? { operator: v.visibilityOperator, conditions: v.conditions } : null,
    sessions: v.sessions.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      name: s.name,
      shortSummary: s.shortSummary,
      description: s.description,
      icon: s.icon,
      lengthMinutes: s.lengthMinutes,
      startDate: s.startDate,
      endDate: s.endDate,
      actionItems: s.actionItems.map((a) => ({ ...a, link: orNull(a.link), dueOffsetDays: orNull(a.dueOffsetDays) })),
    })),
    prerequisites: v.prerequisites.map((p) => ({
      ...p,
      category: orNull(p.category),
      requiredWorkoutId: orNull(p.requiredWorkoutId),
      minimumScore: orNull(p.minimumScore),
    })),
    pricing: pricingOut(v.pricing),
    deliveryPartners: partnersOut(v.deliveryPartners),
    ...(creating ? { variant: { ...v.variant, customPricing: false, partnerVisibility: v.partnerVisibility } } : {}),
  };
}
