import { createReportingBuilder } from '../../graphql-common/reporting-builder.ts';
import { invalidTokenError, staffOnlyError, type GraphqlContext } from './graphql-context.ts';

// No valid token is 401; a valid token without a staff role (a parent) is 403.
export const builder = createReportingBuilder<GraphqlContext>((context) => (context.viewer ? staffOnlyError() : invalidTokenError()));

builder.scalarType('JSON', {
  description: 'A JSON value as stored: audit details and the riders of a stop. Output only.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

// Field files take the cost helper from here, beside the builder they declare fields on.
export { cost } from '../../graphql-common/cost-hint.ts';
