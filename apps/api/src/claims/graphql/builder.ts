import { createReportingBuilder } from '../../graphql-common/reporting-builder.ts';
import { staffKeyRequired, type GraphqlContext } from './graphql-context.ts';

export const builder = createReportingBuilder<GraphqlContext>(staffKeyRequired);

// Field files take the cost helper from here, beside the builder they declare fields on.
export { cost } from '../../graphql-common/cost-hint.ts';
