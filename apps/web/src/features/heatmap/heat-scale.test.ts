import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { heatOf, labelExtent, labelFit, MAX_FONT, MIN_FONT } from './heat-scale';

describe('heatOf', () => {
  it('shades by direction and size of the change', () => {
    expect(heatOf(null)).toBe('flat');
    expect(heatOf(Number.NaN)).toBe('flat');
    expect(heatOf(0.004)).toBe('flat');
    expect(heatOf(-0.004)).toBe('flat');
    expect(heatOf(0.5)).toBe('up-1');
    expect(heatOf(1)).toBe('up-2');
    expect(heatOf(-2.99)).toBe('down-2');
    expect(heatOf(3)).toBe('up-3');
    expect(heatOf(-5.9)).toBe('down-3');
    expect(heatOf(6)).toBe('up-4');
    expect(heatOf(-48)).toBe('down-4');
  });

  it('never shades a larger move lighter than a smaller one in the same direction', () => {
    const level = (change: number) => Number(heatOf(change).split('-')[1] ?? 0);
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, more) => {
          expect(level(a + more)).toBeGreaterThanOrEqual(level(a));
          expect(level(-(a + more))).toBeGreaterThanOrEqual(level(-a));
        },
      ),
    );
  });
});

describe('labelFit', () => {
  it('fits whatever it shows inside the tile, at 9 to 28 px', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 600, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        fc.string({ minLength: 1, maxLength: 10 }),
        (width, height, symbol) => {
          const fit = labelFit(width, height, symbol);
          const extent = labelExtent(fit, symbol);
          expect(extent.width).toBeLessThanOrEqual(Math.max(0, width - 4) + 1e-9);
          expect(extent.height).toBeLessThanOrEqual(Math.max(0, height - 4) + 1e-9);
          expect(fit.fontSize).toBeGreaterThanOrEqual(MIN_FONT);
          expect(fit.fontSize).toBeLessThanOrEqual(MAX_FONT);
          if (fit.showChange) expect(fit.showSymbol).toBe(true);
        },
      ),
    );
  });

  it('shows both lines on a large tile, the symbol alone on a flat one and nothing on a sliver', () => {
    expect(labelFit(200, 150, 'BTC')).toEqual({ fontSize: 28, showSymbol: true, showChange: true });
    expect(labelFit(60, 18, 'ETH')).toMatchObject({ showSymbol: true, showChange: false });
    expect(labelFit(8, 30, 'DOGE')).toMatchObject({ showSymbol: false, showChange: false });
  });
});
