import type { z } from "zod";
import {
  CreateWorkoutBody,
  WORKOUT_DEFAULTS,
  type PrerequisiteInput,
  type SessionInput,
  VariantDetailsInput,
  type VisibilityCondition,
  type WorkoutDetailsInput,
  type WorkoutDto,
} from "../../../contract/workouts";
import type { SessionLocation } from "../../../contract/job-people";
import { bodySchema, type FormValues } from "../../lib/forms";
import { today } from "../../lib/dates";
import { partnerRow, partnersOut, pricingOut, pricingRow, type PartnerRow, type PricingRow } from "./parts";

/**
 * The workout editor's form: its values (as the inputs hold them, derived
 * from the contract's inputs by FormValues), the values of a new or stored
 * workout, and the contract's document they become on save.
 */
type SessionRow = Omit<FormValues<SessionInput>, "id"> & { id?: string };

/** A place as the location fields hold it: no kind (none), or a link or an address. */
export type LocationForm = { kind: string; url: string; address: string };

export type WorkoutForm = Omit<FormValues<WorkoutDetailsInput>, "defaultLocation"> & {
  /** Where its sessions happen by default. */
  defaultLocation: LocationForm;
  /** The visibility expression's top level as the editor edits it: one operator over flat conditions (at the contract's paths). */
  visibility: { operator: string; conditions: FormValues<VisibilityCondition>[] };
  sessions: SessionRow[];
  prerequisites: FormValues<PrerequisiteInput>[];
  pricing: PricingRow[];
  deliveryPartners: PartnerRow[];
  variant: Pick<FormValues<z.input<typeof VariantDetailsInput>>, "name" | "locale" | "availableFrom" | "availableTo">;
};

/** A new workout's form; its variant is available from `day` (the UTC day, as the catalogue counts it: useToday("UTC")). */
export const blank = (language: string, day: string = today()): WorkoutForm => ({
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
  defaultLocation: { kind: "", url: "", address: "" },
  visibility: { operator: "and", conditions: [] },
  sessions: [],
  prerequisites: [],
  pricing: [],
  deliveryPartners: [],
  variant: { name: "Standard", locale: language, availableFrom: day, availableTo: null },
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
    defaultLocation: locationForm(w.defaultLocation),
    visibility: { operator: w.visibility?.operator ?? "and", conditions: flat.map((c) => ({ field: c.field, comparator: c.comparator, values: c.values })) },
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

/** A stored place as the location fields hold it. */
export const locationForm = (l: SessionLocation | null): LocationForm =>
  l ? { kind: l.kind, url: l.kind === "online" ? l.url : "", address: l.kind === "inPerson" ? l.address : "" } : { kind: "", url: "", address: "" };

/** The location fields as the contract takes them (no kind: none). */
export const locationBody = (l: LocationForm) =>
  l.kind === "online" ? { kind: "online" as const, url: l.url } : l.kind === "inPerson" ? { kind: "inPerson" as const, address: l.address } : null;

const orDefault = (v: string, d: number) => (v.trim() === "" ? d : v);
const orNull = (v: string) => (v.trim() === "" ? null : v);
/** A typed number as the contract takes it (a JSON number; text that is no number stays NaN, which the contract refuses). */
const numberOrNull = (v: string) => (v.trim() === "" ? null : Number(v));

/**
 * The form as the contract's document (validated with the same schema as
 * the worker). Each field keeps its path, so the contract's issues land at
 * the editor's controls.
 */
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
    defaultLocation: locationBody(v.defaultLocation),
    visibility: v.visibility.conditions.length ? v.visibility : null,
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
      minimumScore: numberOrNull(p.minimumScore),
    })),
    pricing: pricingOut(v.pricing),
    deliveryPartners: partnersOut(v.deliveryPartners),
    ...(creating ? { variant: { ...v.variant, customPricing: false, partnerVisibility: v.partnerVisibility } } : {}),
  };
}

/** The editor's schema: the form as the contract's document, checked by the contract (each issue at its control). */
export const workoutFormSchema = (creating: boolean) => bodySchema((values: WorkoutForm) => toBody(values, creating), CreateWorkoutBody);
