/**
 * When a session attachment is released, decided once for every answer that
 * carries one (the catalogue's workout page, Your Bookings and Your Jobs,
 * a job's details, the file download): a customer sees it, with its link or
 * file address, and downloads its file only within its dates (open ends
 * included; calendar dates compared with today's UTC date, as every date
 * window of the product). A partner (the workout's author, or one whose
 * library holds it) sees its attachments always: it prepares them.
 */
export type AttachmentViewer = "customer" | "partner";
export type DatedAttachment = { startDate: string | null; endDate: string | null };

/** Whether `viewer` may see (and download) the attachment on `day` (YYYY-MM-DD). */
export function attachmentReleased(viewer: AttachmentViewer, attachment: DatedAttachment, day: string): boolean {
  if (viewer === "partner") return true;
  return (!attachment.startDate || attachment.startDate <= day) && (!attachment.endDate || attachment.endDate >= day);
}

/** The attachments `viewer` may see on `day`, in their order. */
export const releasedAttachments = <A extends DatedAttachment>(viewer: AttachmentViewer, attachments: readonly A[], day: string): A[] =>
  attachments.filter((a) => attachmentReleased(viewer, a, day));
