/** A part of a split message still to send, with its position (Matrix transaction ids use it). */
export type PendingPart = { index: number; text: string };

/**
 * The parts still to send when earlier attempts sent the first `sentCount`. Splitting is
 * deterministic (same text, same limit), so an attempt's parts line up with the earlier ones.
 */
export const unsentParts = (parts: readonly string[], sentCount: number): PendingPart[] => {
  const first = Math.min(Math.max(0, sentCount), parts.length);

  return parts.slice(first).map((text, offset) => ({ index: first + offset, text }));
};

/**
 * Whether the receipts must be stored once the part at `index` is out. Not after the last part:
 * its success ends the delivery, so a single-part message never costs a write.
 */
export const recordsProgressAfter = (index: number, partCount: number): boolean => index < partCount - 1;
