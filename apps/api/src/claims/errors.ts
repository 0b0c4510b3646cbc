import { createErrorLayer } from '../http/error-layer.ts';

/** The claims API's envelope: `{"error": {"code", "message"}}`, on every door of the service. */
export const claimsErrors = createErrorLayer({
  body: (code, message) => ({ error: { code, message } }),
  internalMessage: 'Something went wrong on our side. Please try again.',
  schema: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string', description: 'Machine code, e.g. validation_error' }, message: { type: 'string' } },
      },
    },
  },
});
