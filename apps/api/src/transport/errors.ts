import { createErrorLayer } from '../http/error-layer.ts';

/** The transport API's envelope: `{"detail": "..."}`, on every door of the service. */
export const transportErrors = createErrorLayer({
  body: (_code, message) => ({ detail: message }),
  internalMessage: 'Internal server error',
  schema: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
});
