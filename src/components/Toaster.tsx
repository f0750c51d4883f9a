import { useSignals } from '@preact/signals-react/runtime';
import { toasts } from './toast.ts';

export function Toaster() {
  useSignals();
  return (
    <div className="toaster" aria-live="polite" role="status">
      {toasts.value.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
