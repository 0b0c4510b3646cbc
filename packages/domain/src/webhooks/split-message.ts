/**
 * Longest message each target takes, in UTF-16 code units (what the platforms count, or fewer).
 * Chat platforms get the text in several messages; code hosts get one comment, trimmed.
 */
export const MESSAGE_LIMITS = {
  telegram: 4096,
  discord: 2000,
  // Slack accepts 40,000 but advises at most 4,000 characters per message for readability.
  slack: 4000,
  mattermost: 4000,
  // Matrix caps a whole event at 64 KiB of JSON; 12,000 code units stays under it even for
  // text made of 4-byte characters.
  matrix: 12000,
  github_comment: 65536,
  gitlab_comment: 1_000_000,
} as const;

export type LimitedTarget = keyof typeof MESSAGE_LIMITS;

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** Cut position at or before `limit`: a line break, else a space, else a hard cut that keeps surrogate pairs whole. */
const cutPosition = (text: string, limit: number): number => {
  const window = text.slice(0, limit + 1);
  const newline = window.lastIndexOf('\n');
  if (newline > limit / 2) {
    return newline;
  }
  const space = window.lastIndexOf(' ');
  if (space > limit / 2) {
    return space;
  }

  return isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
};

/** Splits text into parts of at most `limit` code units, preferring line and word boundaries. */
export const splitMessage = (text: string, limit: number): string[] => {
  if (limit < 2) {
    throw new RangeError('limit must be at least 2');
  }
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const cut = cutPosition(rest, limit);
    const part = rest.slice(0, cut).trimEnd();
    if (part !== '') {
      parts.push(part);
    }
    rest = rest.slice(cut).replace(/^[\n ]/, '');
  }
  if (rest.trim() !== '' || parts.length === 0) {
    parts.push(rest);
  }

  return parts;
};

const TRIM_MARK = '\n\n… (trimmed)';

/** Shortens text to `limit` code units, saying that it was trimmed. */
export const trimMessage = (text: string, limit: number): string => {
  if (text.length <= limit) {
    return text;
  }
  let end = limit - TRIM_MARK.length;
  if (isHighSurrogate(text.charCodeAt(end - 1))) {
    end -= 1;
  }

  return `${text.slice(0, end)}${TRIM_MARK}`;
};

/** A chat message never becomes more than this many posts; a longer text ends trimmed in the last. */
export const MAX_MESSAGE_PARTS = 10;

/** splitMessage, bounded to MAX_MESSAGE_PARTS parts (the same text always gives the same parts). */
export const splitChatMessage = (text: string, limit: number): string[] => {
  const parts = splitMessage(text, limit);
  if (parts.length <= MAX_MESSAGE_PARTS) {
    return parts;
  }
  const kept = parts.slice(0, MAX_MESSAGE_PARTS);
  const last = kept[MAX_MESSAGE_PARTS - 1] ?? '';
  let end = Math.min(last.length, limit - TRIM_MARK.length);
  if (isHighSurrogate(last.charCodeAt(end - 1))) {
    end -= 1;
  }
  kept[MAX_MESSAGE_PARTS - 1] = `${last.slice(0, end)}${TRIM_MARK}`;

  return kept;
};
