/**
 * Client activity: a message or upload from the client that no staff member has opened the claim
 * since. Opening the claim (any staff member, or the shared key) clears it for the whole team.
 */

/** How long ago, in the coarsest unit that still says something: "just now", "5 min", "2 h", "3 d". */
export const elapsedLabel = (at: Date, now: Date): string => {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) {
    return 'just now';
  }
  if (minutes < 60) {
    return `${minutes} min ago`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return `${hours} h ago`;
  }

  return `${Math.floor(hours / 24)} d ago`;
};

/** The list's mark for a claim with unseen client activity. */
export const clientActivityMark = (at: Date, now: Date): string => `client replied ${elapsedLabel(at, now)}`;

/** The audit field of the row that records who saw the client's activity. */
export const CLIENT_ACTIVITY_FIELD = 'client_activity';
