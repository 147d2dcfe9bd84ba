/** The live topic of one coin's fields. */
export function coinTopic(id: string): string {
  return `coin:${id}`;
}

export function coinTopics(ids: readonly string[]): string[] {
  return ids.map(coinTopic);
}

/** The live topic of the market-wide figures. */
export const GLOBAL_TOPIC = 'global';
