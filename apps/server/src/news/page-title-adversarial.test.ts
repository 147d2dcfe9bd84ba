import { performance } from 'node:perf_hooks';

import { describe, expect, it } from 'vitest';

import { DEFAULT_MAX_FEED_BYTES } from './feed-fetcher.js';
import { pageTitle } from './official-page-watcher.js';

/** `unit` repeated up to the largest page a fetch accepts (4 MiB). */
function pageOf(unit: string): string {
  return unit.repeat(Math.floor(DEFAULT_MAX_FEED_BYTES / unit.length));
}

/** The fastest of three runs, in ms: the least disturbed by other work on the machine. */
function fastestMs(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

// Each hostile page is timed against an ordinary page of the same size on the same machine, fastest of three
// runs. Measured on 4 MiB: the ordinary page 0.4 ms, the hostile ones 0.1-7.5 ms with the forward scans; the
// scan they replace took 1.2-5.3 s on three of them (retrying up to 1,000 characters from every unclosed
// `<title`, and decoding a whole 4 MiB title). The bound, 20x the ordinary page plus 100 ms, is over 10x the
// slowest linear case and over 10x below the fastest failure, so load does not flip it either way.
describe('pageTitle on hostile pages of the largest accepted size', () => {
  const ordinary = pageOf('<p>Mainnet upgrade on 1 October, read the notes.</p>\n');
  const ordinaryMs = fastestMs(() => pageTitle(ordinary));
  const bound = 20 * ordinaryMs + 100;

  it.each([
    ['unclosed <title> openers', pageOf('<title>')],
    ['<title openers that never end their tag', pageOf('<title')],
    ['<title openers with an attribute and no >', pageOf('<title lang=en ')],
    ['closing tags that never close', pageOf('<title>x</title                ')],
    ['a title of 4 MiB', `<title>${pageOf('a&amp;b <i>c</i> ')}</title>`],
  ])('%s: no title, or a short one, in linear time', (_, page) => {
    let title: string | null = null;
    const ms = fastestMs(() => {
      title = pageTitle(page);
    });
    expect(title === null || (title as string).length <= 300).toBe(true);
    expect(ms).toBeLessThan(bound);
  });

  it('still reads a title that follows hostile markup', () => {
    expect(pageTitle(`${'<titlex'.repeat(100_000)}<title>Found</title>`)).toBe('Found');
    expect(pageTitle(`<title>${'a '.repeat(1_000_000)}</title>`)?.length).toBeLessThanOrEqual(300);
  });
});
