import { useEffect, useState } from 'react';

function secondsLeft(at: number | null): number {
  return at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Whole seconds until `at` (ms since the epoch), ticking every second down to 0; 0 for null. */
export function useSecondsUntil(at: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(at));
  useEffect(() => {
    setSeconds(secondsLeft(at));
    if (secondsLeft(at) === 0) return;
    const timer = setInterval(() => {
      const left = secondsLeft(at);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}
