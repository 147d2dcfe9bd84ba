/** The official links a coin profile can carry, in the order they are shown. */
export const COIN_LINK_KEYS = [
  'website',
  'x',
  'facebook',
  'reddit',
  'telegram',
  'whitepaper',
  'medium',
  'github',
] as const;
