export type MentioningPlatform = 'slack' | 'mattermost' | 'matrix';

/** A zero-width space after the `@` keeps the word readable and stops the platform matching it. */
const BREAK = '\u200b';

const PLAIN: Record<MentioningPlatform, RegExp> = {
  slack: /@(channel|here|everyone)\b/gi,
  mattermost: /@(all|channel|here)\b/gi,
  matrix: /@(room)\b/gi,
};

/** Slack's special-mention syntax: `<!channel>`, `<!here|here>`, `<!everyone>`, `<!subteam^ID>`. */
const SLACK_SPECIAL = /<!(channel|here|everyone|subteam\^[^>|]*)(\|[^>]*)?>/gi;

/**
 * Message text comes from webhook payloads (directly, or through an agent that read one), so a
 * sender could otherwise notify a whole channel or room. Mentions of single users are left alone.
 */
export const neutraliseBroadcastMentions = (text: string, platform: MentioningPlatform): string => {
  const plain = text.replace(PLAIN[platform], `@${BREAK}$1`);

  return platform === 'slack'
    ? plain.replace(SLACK_SPECIAL, (_whole, name: string, label: string | undefined) => `&lt;!${name}${label ?? ''}&gt;`)
    : plain;
};
