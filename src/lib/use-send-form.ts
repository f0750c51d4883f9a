/**
 * The state of a form that sends one money call: the problem shown beside its button, the busy
 * state of the call (src/lib/use-busy.ts) and the call's requestId (src/lib/use-request-id.ts).
 */
import { type FormEvent, useState } from 'react';
import { type BusyGate, useBusy } from './use-busy.ts';
import { useRequestId } from './use-request-id.ts';

export interface SendForm {
  error: string;
  setError(error: string): void;
  busy: boolean;
  run: BusyGate['run'];
  requestId: ReturnType<typeof useRequestId>;
  /** The user changed what is asked: a new requestId, and the problem shown goes. */
  changed(): void;
  /**
   * Sends once (`run`); a failure's message stays beside the form (the server's message was
   * toasted), and `onFail` hears it.
   */
  attempt(send: () => Promise<void>, onFail?: (error: unknown) => void): Promise<void>;
  /** The form's submit: the client's own check first, and nothing is sent while it finds a problem. */
  submit(event: FormEvent, check: () => string, send: () => Promise<void>): Promise<void>;
  /**
   * The form's submit where a confirmation sheet comes before the money moves: the client's own
   * check, its problem shown; true when there is none and the sheet may open.
   */
  review(event: FormEvent, check: () => string): boolean;
}

export function useSendForm(): SendForm {
  const [error, setError] = useState('');
  const { busy, run } = useBusy();
  // One requestId per intended call: a retry after a lost answer cannot move money twice.
  const requestId = useRequestId();
  const attempt = (send: () => Promise<void>, onFail?: (error: unknown) => void) =>
    run(async () => {
      try {
        await send();
      } catch (e) {
        setError((e as Error).message);
        onFail?.(e);
      }
    });
  return {
    error,
    setError,
    busy,
    run,
    requestId,
    changed() {
      requestId.renew();
      setError('');
    },
    attempt,
    async submit(event, check, send) {
      event.preventDefault();
      const problem = check();
      setError(problem);
      if (problem) return;
      await attempt(send);
    },
    review(event, check) {
      event.preventDefault();
      const problem = check();
      setError(problem);
      return problem === '';
    },
  };
}
