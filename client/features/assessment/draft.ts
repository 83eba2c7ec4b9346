import type { AssessmentFormValues } from "../../../contract/assessments";

/**
 * A guided assessment's answers so far, kept in this browser's local storage
 * under the assessment's id until it is submitted: a reload, a closed tab or a
 * visit elsewhere comes back to the same step with the same answers. Nothing
 * goes to the server before the submission; a draft older than the link's
 * lifetime is dropped when read.
 */
export type AssessmentDraft = { step: number; values: AssessmentFormValues; savedAt: number };

const PREFIX = "assessment-draft:";
/** A link is valid for 24 hours; its draft is of no use after that. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const storage = (): Storage | null => {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
};

/** The draft of assessment `id`, if this browser holds a usable one. */
export function readDraft(id: string, now = Date.now()): AssessmentDraft | null {
  const store = storage();
  const raw = store?.getItem(PREFIX + id);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<AssessmentDraft>;
    if (typeof draft.step !== "number" || typeof draft.savedAt !== "number" || !draft.values || typeof draft.values !== "object") return null;
    if (now - draft.savedAt > MAX_AGE_MS) {
      store?.removeItem(PREFIX + id);
      return null;
    }
    const answers = Object.fromEntries(Object.entries(draft.values.answers ?? {}).filter(([, v]) => typeof v === "string"));
    return { step: Math.max(0, Math.floor(draft.step)), savedAt: draft.savedAt, values: { ...draft.values, answers } };
  } catch {
    return null;
  }
}

/** Keeps the step and answers of assessment `id` (a full or refused storage keeps nothing, silently). */
export function saveDraft(id: string, step: number, values: AssessmentFormValues, now = Date.now()): void {
  try {
    storage()?.setItem(PREFIX + id, JSON.stringify({ step, values, savedAt: now } satisfies AssessmentDraft));
  } catch {
    // Private mode or a full storage: the flow still works, only without resuming.
  }
}

/** Forgets the draft once the assessment is submitted. */
export function clearDraft(id: string): void {
  storage()?.removeItem(PREFIX + id);
}
