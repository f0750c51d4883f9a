import { useRef } from 'react';

/**
 * One requestId per intended mutation (docs/spec/design.md section 4): the same id while the user retries
 * the same thing, so a retry after a lost answer is answered with the first result and moves no
 * money twice; a new id once anything changes or the call succeeded.
 */
export function useRequestId(): { readonly current: string; renew(): void } {
  const id = useRef('');
  if (id.current === '') id.current = crypto.randomUUID();
  return {
    get current() {
      return id.current;
    },
    renew() {
      id.current = crypto.randomUUID();
    },
  };
}
