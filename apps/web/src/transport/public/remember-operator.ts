import { queryClient } from '../../shared/query/query-client.ts';
import { transportTrpc } from '../shared/transport-client.ts';
import { operatorChoice } from '../shared/session/operator-choice.ts';
import { rememberOperatorTheme } from '../shared/theme/operator-themes.ts';

/** Looks the operator up by its code (tenant slug) and remembers it; null when no operator has that code. */
export const rememberOperator = async (slug: string): Promise<{ slug: string; name: string }> => {
  const theme = await queryClient.fetchQuery(transportTrpc.tenants.getTheme.queryOptions({ slug }));
  const choice = { slug: theme.tenant_id, name: theme.name };
  rememberOperatorTheme(theme.tenant_id, { name: theme.name, theme: theme.theme });
  operatorChoice.save(choice);

  return choice;
};

/** `?tenant=` on a link (an operator's own sign-up link) picks the operator; an unknown code is ignored. */
export const rememberOperatorFromAddress = async (slug: string): Promise<void> => {
  try {
    await rememberOperator(slug.trim().toLowerCase());
  } catch {
    // The welcome page still lets the family type the code.
  }
};
