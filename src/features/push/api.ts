import type { Language } from '../../../protocol/languages.ts';
import { fetchData } from '../../lib/api.ts';

export const saveSubscription = (fields: {
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: Language;
}) => fetchData('100666', { ...fields, requestId: crypto.randomUUID() });

export const deleteSubscription = (endpoint: string) =>
  fetchData('100655', { endpoint, requestId: crypto.randomUUID() });
