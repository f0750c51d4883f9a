/**
 * Push: browsers' subscriptions and the delivery of Web Push messages signed with the VAPID keys.
 * Other modules send their own messages to the subscriptions with the same keys and options.
 */
export type { DeliveryOptions } from './delivery.ts';
export { deliveryOptions, sendToSubscription, vapidKeys } from './delivery.ts';
export type { QueuedPush } from './outbox.ts';
export {
  OPERATOR_PUSH_SETTING,
  operatorPushWallets,
  pushOutboxJob,
  queueOperatorPush,
  queuePush,
} from './outbox.ts';
export { pushSubscriptions } from './push.schema.ts';
