/** Toasts: short messages that dismiss themselves. State is a signal so anything may raise one. */
import { signal } from '@preact/signals-react';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export const toasts = signal<Toast[]>([]);

let nextId = 1;
const VISIBLE_MS = 3000;

export function showToast(kind: ToastKind, text: string): void {
  if (!text) return;
  // The same message twice in a row (a retry loop, a double tap) shows once.
  if (toasts.value.some((t) => t.text === text)) return;
  const id = nextId++;
  toasts.value = [...toasts.value.slice(-2), { id, kind, text }];
  setTimeout(() => {
    toasts.value = toasts.value.filter((t) => t.id !== id);
  }, VISIBLE_MS);
}

export const toast = {
  error: (text: string) => showToast('error', text),
  success: (text: string) => showToast('success', text),
  info: (text: string) => showToast('info', text),
};
