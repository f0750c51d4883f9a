import type { Language } from '../../../protocol/languages.ts';
import type { PushDeleted, PushSaved } from '../../../protocol/push.ts';
import { fetchData } from '../../lib/api.ts';

export const saveSubscription = (fields: {
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: Language;
}) => fetchData<PushSaved>('100666', { ...fields, requestId: crypto.randomUUID() });

export const deleteSubscription = (endpoint: string) =>
  fetchData<PushDeleted>('100655', { endpoint, requestId: crypto.randomUUID() });
