import { renderPrompt, renderTemplate } from './render-template.ts';
import type { DeliveryTarget } from './delivery-targets.ts';
import type { WebhookRoute } from './route-definition.ts';

export type DeliveryMode = 'agent' | 'deliver_only';

/** Where and what a delivery of one event sends: the route's settings rendered with the event's payload. */
export type DeliveryPlan = {
  mode: DeliveryMode;
  target: DeliveryTarget;
  chatId: string | null;
  prompt: string;
  skills: string[];
};

/** The route as it is now, applied to a payload (the one stored when the event was accepted). */
export const planDelivery = (route: WebhookRoute, payload: unknown): DeliveryPlan => ({
  mode: route.deliverOnly ? 'deliver_only' : 'agent',
  target: route.deliver,
  chatId: route.chatId === undefined ? null : renderTemplate(route.chatId, payload),
  prompt: renderPrompt(route.prompt, payload),
  // Skills shape an agent's instructions; a direct message is sent as rendered.
  skills: route.deliverOnly ? [] : [...route.skills],
});

/** A plan whose target is compared as text: the stored row's, as the claim read it, is checked only where a message is sent. */
type ComparedPlan = Omit<DeliveryPlan, 'target'> & { target: string };

/** What an earlier attempt left on the row that a new plan may make stale. */
export type StoredProgress = ComparedPlan & { agentReply: string | null; sentParts: string[] };

/**
 * The row's progress under a new plan: the agent's saved reply answers one prompt (with its skills),
 * and the parts already sent belong to one message at one place. Either is dropped when the plan
 * changed what it depends on, so the retry runs the agent again or sends the message from the start.
 */
export const progressUnderPlan = (stored: StoredProgress, plan: ComparedPlan): { agentReply: string | null; sentParts: string[] } => {
  const sameAgentRun = plan.mode === stored.mode && plan.prompt === stored.prompt && plan.skills.join('\n') === stored.skills.join('\n');
  const agentReply = plan.mode === 'agent' && sameAgentRun ? stored.agentReply : null;
  const sameMessage = sameAgentRun && (plan.mode === 'deliver_only' || agentReply !== null);
  const samePlace = plan.target === stored.target && plan.chatId === stored.chatId;

  return { agentReply, sentParts: sameMessage && samePlace ? stored.sentParts : [] };
};
