import { memo, useState } from 'react';

// Its own styles: a screen that shows logos but no prices (the converter) would otherwise draw square initials in
// the text colour until another chunk brought them.
import './market-ui.css';

export interface LogoProps {
  src: string;
  /** The coin's symbol or the exchange's name: the initials drawn when there is no image or it fails to load. */
  name: string;
  size?: number;
  /** Logos beside a name are decorative; give alt only when the logo stands alone. */
  alt?: string;
}

/**
 * Up to four letters for a logo without an image: a symbol-like word as itself ("BTC", "USDT"), otherwise the
 * initials of the first two words ("Coinbase Exchange" → "CE") or a long word's first letter ("Binance" → "B").
 */
export function logoInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._()/-]+/)
    .filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return '?';
  const second = words[1];
  if (second !== undefined) return (firstLetter(first) + firstLetter(second)).toUpperCase();
  const letters = Array.from(first);
  return (letters.length <= 4 ? first : firstLetter(first)).toUpperCase();
}

function firstLetter(word: string): string {
  return Array.from(word)[0] ?? '';
}

/** Font size per logo size, by the number of letters, so four still fit the disc. */
const FONT_SCALE: Readonly<Record<number, number>> = { 1: 0.42, 2: 0.4, 3: 0.32 };

/** A stable hue per name, so the same coin keeps its colour across screens. */
export function logoHue(name: string): number {
  let hash = 0;
  for (const char of name.toUpperCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

/**
 * A coin or exchange logo with a fixed box, so rows never shift while it loads. Without an image, or when the
 * image host cannot be reached, the name's initials on a tinted disc stand in (never a broken-image icon).
 */
export const Logo = memo(function Logo({ src, name, size = 28, alt = '' }: LogoProps) {
  // The address that failed: a new `src` gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    const initials = logoInitials(name);
    return (
      <span
        className="cl-logo cl-logo-fallback"
        data-testid="logo-fallback"
        style={{
          width: size,
          height: size,
          fontSize: Math.round(size * (FONT_SCALE[initials.length] ?? 0.26)),
          background: `hsl(${logoHue(name)} 45% 42%)`,
        }}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      className="cl-logo"
      src={src}
      width={size}
      height={size}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
});
