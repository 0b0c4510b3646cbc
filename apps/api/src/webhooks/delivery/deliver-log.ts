import type { DeliveryContext, DeliveryReceipt, OutboundMessage } from './outbound-message.ts';

const LOGGED_CHARACTERS = 4000;

/** The `log` target: the message goes to the service log, nowhere else. */
export const deliverToLog = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  context.logger.info(
    { route: message.route, delivery_id: message.deliveryId, message: message.text.slice(0, LOGGED_CHARACTERS) },
    'webhook message',
  );

  return null;
};
