/**
 * The live quote of the exchange screen: asked again shortly after the pair or amount changes,
 * and again each time the one on screen runs out, with the seconds it has left for the countdown.
 * The validity is measured on this device's clock from the moment the answer arrived, so a
 * device whose clock is off still counts the server's ten seconds.
 */
import { useEffect, useRef, useState } from 'react';
import type { ExchangeQuote } from '../../../protocol/exchange.ts';
import { getExchangeQuote } from './api.ts';

const DEBOUNCE_MS = 300;

export interface LiveQuote {
  quote: ExchangeQuote | null;
  /** Whole seconds the quote on screen has left; 0 while a new one is on its way. */
  secondsLeft: number;
  loading: boolean;
  /** Ask for a new quote now (after an exchange, or when the server said it expired). */
  refresh(): void;
}

export function useLiveQuote(pair: string | null, amount: string | null): LiveQuote {
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const generation = useRef(0);

  // `round` asks again for the same pair and amount when the quote runs out or after a refresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the re-ask signal
  useEffect(() => {
    const mine = ++generation.current;
    if (!pair) {
      setQuote(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      getExchangeQuote(pair, amount ?? undefined).then(
        (answer) => {
          if (mine !== generation.current || !answer.quote) return;
          const received = Date.now();
          setQuote(answer.quote);
          setDeadline(received + (answer.quote.expiresAt - answer.quote.issuedAt));
          setNow(received);
          setLoading(false);
        },
        () => {
          if (mine !== generation.current) return;
          setQuote(null);
          setLoading(false);
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pair, amount, round]);

  useEffect(() => {
    if (!quote || loading) return;
    const tick = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) setRound((r) => r + 1);
    }, 250);
    return () => clearInterval(tick);
  }, [quote, deadline, loading]);

  const secondsLeft = quote && !loading ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0;
  return { quote, secondsLeft, loading, refresh: () => setRound((r) => r + 1) };
}
