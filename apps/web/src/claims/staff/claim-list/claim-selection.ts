/**
 * Which claims of the list are chosen for a bulk change: some by number (kept across pages), or
 * every claim the filters match, which is sent as the filters themselves, not as numbers.
 */
export type ClaimSelection = { kind: 'some'; numbers: ReadonlySet<string> } | { kind: 'matching' };

export const NOTHING_SELECTED: ClaimSelection = { kind: 'some', numbers: new Set() };

export const isSelected = (selection: ClaimSelection, claimNumber: string): boolean =>
  selection.kind === 'matching' || selection.numbers.has(claimNumber);

export const toggleClaim = (selection: ClaimSelection, claimNumber: string, on: boolean): ClaimSelection => {
  const numbers = new Set(selection.kind === 'some' ? selection.numbers : []);
  if (on) {
    numbers.add(claimNumber);
  } else {
    numbers.delete(claimNumber);
  }

  return { kind: 'some', numbers };
};

export const togglePage = (selection: ClaimSelection, page: readonly string[], on: boolean): ClaimSelection => {
  const numbers = new Set(selection.kind === 'some' ? selection.numbers : []);
  for (const claimNumber of page) {
    if (on) {
      numbers.add(claimNumber);
    } else {
      numbers.delete(claimNumber);
    }
  }

  return { kind: 'some', numbers };
};

export const pageFullySelected = (selection: ClaimSelection, page: readonly string[]): boolean =>
  page.length > 0 && page.every((claimNumber) => isSelected(selection, claimNumber));

/** How many claims a change would touch. */
export const selectedCount = (selection: ClaimSelection, total: number): number =>
  selection.kind === 'matching' ? total : selection.numbers.size;
