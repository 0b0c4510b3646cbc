const MODE_LABELS: Record<string, string> = { morning: 'Mornings', afternoon: 'Afternoons', both: 'Mornings and afternoons' };

/** Route modes as operators read them. */
export const routeModeLabel = (mode: string): string => MODE_LABELS[mode] ?? mode;
