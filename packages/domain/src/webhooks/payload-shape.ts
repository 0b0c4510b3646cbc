/**
 * A webhook payload is a JSON object or array. Filters, templates and targets all read fields out
 * of it; a bare string, number, boolean or null has none, so it is refused at the receiver (400,
 * final for the sender) and, should such a row reach the queue anyway, failed by the worker.
 */
export const PAYLOAD_SHAPE_PROBLEM = 'payload must be a JSON object or array';

export const isPayloadContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;
