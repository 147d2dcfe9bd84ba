import { memo } from 'react';

export interface LogoProps {
  src: string;
  size?: number;
  /** Logos beside a name are decorative; give alt only when the logo stands alone. */
  alt?: string;
}

/** A coin or exchange logo with a fixed box, so rows never shift while it loads. */
export const Logo = memo(function Logo({ src, size = 28, alt = '' }: LogoProps) {
  return (
    <img className="cl-logo" src={src} width={size} height={size} alt={alt} loading="lazy" decoding="async" />
  );
});
