import { useEffect, useRef, useState } from 'react';

export type Flash = 'up' | 'down' | null;

const FLASH_MS = 450;

/** 'up' or 'down' for a moment after the value changes (a live price tick), else null. */
export function useFlash(value: number | null | undefined): Flash {
  const previous = useRef(value);
  const [flash, setFlash] = useState<Flash>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === null || before === undefined || value === null || value === undefined || before === value)
      return undefined;
    setFlash(value > before ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return flash;
}
