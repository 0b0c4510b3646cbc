export type RiderChild = { id: string; name: string; household: string; school: string | null };

/**
 * What a stop's rider entry shows: the child's name when it is a child id of the operator's, else
 * the text or the `name` of an older free-form entry, so nothing already stored is hidden.
 */
export const riderLabel = (rider: unknown, children: ReadonlyMap<string, RiderChild>): string => {
  if (typeof rider === 'string') {
    return children.get(rider)?.name ?? rider;
  }
  if (typeof rider === 'object' && rider !== null) {
    const record = rider as Record<string, unknown>;
    const id = typeof record.child_id === 'string' ? record.child_id : typeof record.id === 'string' ? record.id : null;
    const known = id ? children.get(id) : undefined;
    if (known) {
      return known.name;
    }
    if (typeof record.name === 'string') {
      return record.name;
    }
  }

  return 'Unknown rider';
};

/** The child id a rider entry stands for, if any. */
export const riderId = (rider: unknown): string | null => {
  if (typeof rider === 'string') {
    return rider;
  }
  if (typeof rider === 'object' && rider !== null) {
    const record = rider as Record<string, unknown>;

    return typeof record.child_id === 'string' ? record.child_id : typeof record.id === 'string' ? record.id : null;
  }

  return null;
};
