import { cost } from '../builder.ts';
import { invalidInputError } from '../../../graphql-common/graphql-errors.ts';
import { GRAPHQL_LIMITS } from '../limits.ts';
import { ClaimRef, ClientRef } from './refs.ts';

ClientRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    clientNumber: t.exposeString('client_number'),
    companyName: t.exposeString('company_name'),
    contactName: t.exposeString('contact_name'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone', { nullable: true }),
    tosAcceptedAt: t.field({ type: 'DateTime', nullable: true, resolve: (client) => client.tos_accepted_at }),
    crmId: t.exposeString('crm_id', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (client) => client.created_at }),
    updatedAt: t.field({ type: 'DateTime', resolve: (client) => client.updated_at }),
    recentClaims: t.field({
      type: [ClaimRef],
      description: `The client's newest claims, newest first (at most ${GRAPHQL_LIMITS.maxClientClaims}).`,
      args: { first: t.arg.int({ required: false, defaultValue: GRAPHQL_LIMITS.defaultClientClaims }) },
      extensions: cost({
        sizeArguments: ['first'],
        assumedSize: GRAPHQL_LIMITS.defaultClientClaims,
        maxSize: GRAPHQL_LIMITS.maxClientClaims,
      }),
      resolve: (client, args, context) => {
        const first = args.first ?? GRAPHQL_LIMITS.defaultClientClaims;
        if (first < 1 || first > GRAPHQL_LIMITS.maxClientClaims) {
          throw invalidInputError(`first must be between 1 and ${GRAPHQL_LIMITS.maxClientClaims}.`);
        }

        return context.loaders.recentClaims.load({ clientId: client.id, perClient: first });
      },
    }),
  }),
});
