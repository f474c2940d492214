import { useCallback, useEffect, useState } from 'react';

const SECOND_MS = 1000;

/**
 * Whole seconds counting down once per second; `start(n)` (re)starts it at n. `finished` turns
 * true when a started countdown reaches 0.
 */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), SECOND_MS);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const start = useCallback((seconds: number) => {
    setStarted(true);
    setSecondsLeft(Math.max(0, Math.ceil(seconds)));
  }, []);

  return { secondsLeft, start, running: secondsLeft > 0, finished: started && secondsLeft <= 0 };
}
