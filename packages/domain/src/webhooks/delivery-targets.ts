export const CHAT_TARGETS = ['telegram', 'discord', 'slack', 'mattermost', 'matrix'] as const;
export const CODE_HOST_TARGETS = ['github_comment', 'gitlab_comment'] as const;
export const DELIVERY_TARGETS = ['log', 'origin', ...CODE_HOST_TARGETS, ...CHAT_TARGETS] as const;

export type ChatTarget = (typeof CHAT_TARGETS)[number];
export type DeliveryTarget = (typeof DELIVERY_TARGETS)[number];

export const DEFAULT_DELIVERY_TARGET: DeliveryTarget = 'log';

export const isDeliveryTarget = (value: string): value is DeliveryTarget => (DELIVERY_TARGETS as readonly string[]).includes(value);

export const isChatTarget = (value: string): value is ChatTarget => (CHAT_TARGETS as readonly string[]).includes(value);

/** The environment variables a target cannot work without. */
export const REQUIRED_VARIABLES: Record<Exclude<DeliveryTarget, 'origin' | 'log'>, readonly string[]> = {
  github_comment: ['GITHUB_TOKEN'],
  gitlab_comment: ['GITLAB_TOKEN'],
  telegram: ['TELEGRAM_BOT_TOKEN'],
  discord: ['DISCORD_BOT_TOKEN'],
  slack: ['SLACK_BOT_TOKEN'],
  mattermost: ['MATTERMOST_TOKEN', 'MATTERMOST_API_URL'],
  matrix: ['MATRIX_ACCESS_TOKEN', 'MATRIX_API_URL'],
};

export type DeliveryChoice = {
  deliver: string;
  deliverOnly: boolean;
  chatId: string | undefined;
  /** Whether an environment variable has a value. */
  isSet: (variable: string) => boolean;
};

/**
 * Checks a subscription's delivery settings up front, so that a target that can never work is
 * refused when it is created instead of dropping every message later.
 */
export const deliveryChoiceProblem = (choice: DeliveryChoice): string | null => {
  const { deliver } = choice;
  if (!isDeliveryTarget(deliver)) {
    return `unknown delivery target "${deliver}"; use one of: ${DELIVERY_TARGETS.join(', ')}`;
  }
  if (choice.deliverOnly && deliver === 'log') {
    return '--deliver-only needs a real target in --deliver, not "log"';
  }
  if (deliver === 'log') {
    return null;
  }
  if (deliver === 'origin') {
    return choice.isSet('GITHUB_TOKEN') || choice.isSet('GITLAB_TOKEN')
      ? null
      : '--deliver origin answers on the GitHub or GitLab issue or merge request of the event; set GITHUB_TOKEN or GITLAB_TOKEN';
  }
  const missing = REQUIRED_VARIABLES[deliver].filter((variable) => !choice.isSet(variable));
  if (missing.length > 0) {
    return `--deliver ${deliver} needs ${missing.join(' and ')} to be set`;
  }
  if (isChatTarget(deliver) && (choice.chatId === undefined || choice.chatId.trim() === '')) {
    return `--deliver ${deliver} needs --deliver-chat-id (the chat, channel or room to post to)`;
  }

  return null;
};
