/** How a child's transport need reads: the morning/afternoon choice, never "one way". */
export const transportNeedLabel = (need: string | null | undefined): string =>
  need === 'morning' ? 'Mornings only' : need === 'afternoon' ? 'Afternoons only' : need === 'both' ? 'Mornings and afternoons' : '—';
