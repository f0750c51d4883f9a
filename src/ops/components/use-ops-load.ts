/**
 * A console read: calls `call` with `fields` when they change (null: not yet), reports a failure
 * in the banner, and reloads on demand. An answer shows only for the question it answered: a new
 * search that fails leaves nothing on screen rather than the last one's result.
 */
import { useCallback, useEffect, useState } from 'react';
import type { OpsAnswers, SessionCall } from '../../../protocol/ops.ts';
import { type Fields, opsCall } from '../api.ts';
import { useReport } from './Problems.tsx';

export interface Loaded<T> {
  data: T | undefined;
  busy: boolean;
  reload(): void;
}

export function useOpsLoad<C extends SessionCall>(call: C, fields: Fields | null): Loaded<OpsAnswers[C]> {
  type T = OpsAnswers[C];
  const { report } = useReport();
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<{ question: string; data: T } | null>(null);
  const [busy, setBusy] = useState(false);
  const question = fields === null ? null : JSON.stringify([call, fields]);
  // The round in the effect's key too, so that reload() asks the same question again.
  const key = question === null ? null : JSON.stringify([question, round]);
  useEffect(() => {
    if (key === null) return;
    const [asked] = JSON.parse(key) as [string, number];
    const [what, form] = JSON.parse(asked) as [C, Fields];
    let live = true;
    setBusy(true);
    opsCall(what, form)
      .then((data) => {
        if (live) setAnswer({ question: asked, data });
      })
      .catch((error: unknown) => {
        if (live) report(error);
      })
      .finally(() => {
        if (live) setBusy(false);
      });
    return () => {
      live = false;
    };
  }, [key, report]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data: answer && answer.question === question ? answer.data : undefined, busy, reload };
}
