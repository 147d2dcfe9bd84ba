import { readFileSync } from 'node:fs';

import { formatPrice, parseNumberText, type AppLanguage } from '@coinlens/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousViolations } from '../support/axe.js';
import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { eventually } from '../support/gateway.js';

interface ToolTexts {
  converter: { title: string };
  heatmap: { title: string; byCoin: string; bySector: string; legend: string };
}

function texts(language: AppLanguage): ToolTexts {
  const url = new URL(`../../apps/web/src/locales/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as ToolTexts;
}

interface Settings {
  language?: AppLanguage;
  theme?: 'light' | 'dark';
  /** 'manual' keeps the live socket closed, so a figure cannot move while the test reads it. */
  refreshRate?: 'live' | 'manual';
}

async function phone(
  suite: ReturnType<typeof browserSuite>,
  settings: Settings = {},
): Promise<BrowserContext> {
  const context = await newPhoneContext(suite.browser, { colorScheme: settings.theme ?? 'light' });
  await context.addInitScript(
    (values) => {
      for (const [key, value] of Object.entries(values))
        if (value !== undefined) localStorage.setItem(`coinlens_${key}`, JSON.stringify(value));
    },
    { language: settings.language, system_theme: settings.theme, refresh_rate: settings.refreshRate },
  );
  return context;
}

interface Served {
  ethPriceUsd?: number;
  vndPerUsd?: number;
}

/** Keeps the last ETH price (USD) and VND rate the page itself received. */
function watchServed(page: Page): Served {
  const served: Served = {};
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.includes('/gwapi/')) return;
    try {
      if (url.endsWith('/coin_detail')) {
        const answer = (await response.json()) as { data?: { id: string; price: number; currency: string } };
        if (answer.data?.id === 'ethereum' && answer.data.currency === 'usd')
          served.ethPriceUsd = answer.data.price;
      } else if (url.endsWith('/get_gecko_exchange_rates')) {
        const answer = (await response.json()) as {
          data?: { rates: { currency_code: string; rate: number }[] };
        };
        served.vndPerUsd = answer.data?.rates.find((rate) => rate.currency_code === 'vnd')?.rate;
      }
    } catch {
      // A response the page dropped (navigation) has no body to read.
    }
  });
  return served;
}

async function pick(page: Page, side: 'from' | 'to', keyword: string, item: string): Promise<void> {
  await page.getByTestId(`converter-${side}-asset`).click();
  await page.getByTestId('converter-picker-search').locator('input').fill(keyword);
  await page.getByTestId(`converter-picker-${item}`).click();
  await page.getByTestId('converter-picker').waitFor({ state: 'hidden' });
}

describe.skipIf(!chromiumPath)('converter and heatmap (issue 25)', () => {
  const suite = browserSuite();

  it('converts ETH to VND with the served price and rate, both ways', async () => {
    const context = await phone(suite, { refreshRate: 'manual' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const served = watchServed(page);
    await page.goto(`${suite.app.baseUrl}/#/pages/tools/converter/index`);
    await page.getByTestId('converter-rate').waitFor({ timeout: 20_000 });
    await pick(page, 'from', 'eth', 'coin-ethereum');
    await pick(page, 'to', 'vnd', 'currency-vnd');

    const expected = await eventually(async () => {
      const { ethPriceUsd, vndPerUsd } = served;
      if (ethPriceUsd === undefined || vndPerUsd === undefined) return undefined;
      const shown = await page.getByTestId('converter-to-input').inputValue();
      const figure = formatPrice(ethPriceUsd * vndPerUsd);
      return shown === figure ? figure : undefined;
    }, 20_000);
    expect(parseNumberText(expected)!).toBeGreaterThan(1_000_000);
    expect(await page.getByTestId('converter-rate').innerText()).toBe(`1 ETH = ${expected} ₫`);

    await page.getByTestId('converter-from-input').fill('2.5');
    const vnd = parseNumberText(await page.getByTestId('converter-to-input').inputValue())!;
    expect(Math.abs(vnd / (2.5 * served.ethPriceUsd! * served.vndPerUsd!) - 1)).toBeLessThan(1e-9);

    // Typing in the bottom field computes the top.
    await page.getByTestId('converter-to-input').fill('100,000,000');
    const eth = parseNumberText(await page.getByTestId('converter-from-input').inputValue())!;
    expect(Math.abs(eth / (100_000_000 / (served.ethPriceUsd! * served.vndPerUsd!)) - 1)).toBeLessThan(1e-5);

    await page.getByTestId('converter-swap').click();
    expect(await page.getByTestId('converter-from-asset').innerText()).toContain('VND');
    expect(await page.getByTestId('converter-to-asset').innerText()).toContain('ETH');
    expect(parseNumberText(await page.getByTestId('converter-from-input').inputValue())).toBe(100_000_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('maps the top 100 coins by market cap, by coin and by sector, and a tap opens the coin', async () => {
    const context = await phone(suite);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index`);
    await page.getByTestId('market-heatmap-entry').click();
    await page.getByTestId('heatmap-coins').waitFor({ timeout: 20_000 });
    const tiles = page.getByTestId('heat-tile');
    expect(await tiles.count()).toBe(100);
    // The largest tile is the largest market cap, at the top left.
    const first = page.locator('[data-testid="heat-tile"][data-coin="bitcoin"]');
    const corner = await first.evaluate((element: HTMLElement): number[] => [
      element.offsetLeft,
      element.offsetTop,
    ]);
    expect(corner).toEqual([0, 0]);

    await page.getByTestId('heatmap-mode-sectors').click();
    await page.getByTestId('heatmap-sectors').waitFor();
    expect(await tiles.count()).toBe(100);
    await eventually(async () => ((await page.getByTestId('heat-group').count()) > 2 ? true : undefined));
    const labels = await page.getByTestId('heat-group').allInnerTexts();
    expect(labels).toContain('Layer 1');

    await first.click();
    await page.getByTestId('page-currencyIntro').waitFor({ timeout: 20_000 });
    expect(page.url()).toContain('coin_id=bitcoin');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows live ticks: the converted figure and the tiles’ changes move without a reload', async () => {
    const context = await phone(suite, { refreshRate: 'live' });
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/tools/converter/index`);
    await page.getByTestId('converter-rate').waitFor({ timeout: 20_000 });
    const output = page.getByTestId('converter-to-input');
    await eventually(async () => ((await output.inputValue()) !== '' ? true : undefined));
    const before = await output.inputValue();
    await eventually(async () => ((await output.inputValue()) !== before ? true : undefined), 30_000);

    await page.goto(`${suite.app.baseUrl}/#/pages/tools/heatmap/index`);
    await page.getByTestId('heat-tile').first().waitFor({ timeout: 20_000 });
    const changes = () => page.locator('[data-testid="heat-tile"] .cl-heat-change').allInnerTexts();
    const first = await changes();
    await eventually(
      async () => ((await changes()).some((text, index) => text !== first[index]) ? true : undefined),
      30_000,
    );
    await context.close();
  });

  for (const language of ['en', 'vi', 'zh-Hans'] as const) {
    it(`speaks ${language} on both screens and the Me tab's rows`, async () => {
      const words = texts(language);
      const context = await phone(suite, { language });
      const page = await context.newPage();
      await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/user/index`);
      expect(await page.getByTestId('entry-converter').innerText()).toContain(words.converter.title);
      await page.getByTestId('entry-heatmap').click();
      await page.getByTestId('heat-tile').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('page-title').innerText()).toBe(words.heatmap.title);
      expect(await page.getByTestId('heatmap-mode-sectors').innerText()).toBe(words.heatmap.bySector);
      expect(await page.getByTestId('heat-legend').innerText()).toContain(words.heatmap.legend);
      await page.goto(`${suite.app.baseUrl}/#/pages/tools/converter/index`);
      await page.getByTestId('converter-rate').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('page-title').innerText()).toBe(words.converter.title);
      await context.close();
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violations on either screen (${theme})`, async () => {
      const context = await phone(suite, { theme });
      const page = await context.newPage();
      await page.goto(`${suite.app.baseUrl}/#/pages/tools/converter/index`);
      await page.getByTestId('converter-rate').waitFor({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('converter-to-asset').click();
      await page.getByTestId('converter-picker-coin-bitcoin').waitFor({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${suite.app.baseUrl}/#/pages/tools/heatmap/index`);
      await page.getByTestId('heat-tile').first().waitFor({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('heatmap-mode-sectors').click();
      await page.getByTestId('heat-group').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
