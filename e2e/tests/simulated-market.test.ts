import { sourceLabel } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';

const LANGUAGES = [
  {
    language: 'en',
    badge: 'Simulated market',
    fictional: 'Fictional venue',
    factors: /7 of 7 factors had data/,
  },
  {
    language: 'vi',
    badge: 'Thị trường mô phỏng',
    fictional: 'Sàn hư cấu',
    factors: /7\/7 yếu tố có dữ liệu/,
  },
  { language: 'zh-Hans', badge: '模拟行情', fictional: '虚构交易所', factors: /7 项因子中 7 项有数据/ },
] as const;

describe.skipIf(!chromiumPath)('a simulated market says so, in a phone-sized Chromium', () => {
  const suite = browserSuite();

  it.each(LANGUAGES)(
    'marks every screen and explains it ($language)',
    async ({ language, badge, fictional, factors }) => {
      const context = await newPhoneContext(suite.browser, {
        colorScheme: language === 'vi' ? 'dark' : 'light',
      });
      await context.addInitScript(
        (lang) => localStorage.setItem('coinlens_language', JSON.stringify(lang)),
        language,
      );
      const page = await context.newPage();
      const errors = collectPageErrors(page);

      await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index`);
      const marker = page.getByTestId('simulated-market');
      await expect.poll(() => marker.innerText(), { timeout: 20_000 }).toBe(badge);
      await marker.click();
      const sheet = page.getByTestId('simulated-market-sheet');
      await sheet.waitFor({ timeout: 10_000 });
      expect(await sheet.innerText()).toContain(badge);

      // A coin page: the marker is there too, and the score counts the factors that had data, with their sources.
      await page.goto(`${suite.app.baseUrl}/#/pages/exchange/currencyIntro/index?coin_id=bitcoin`);
      await expect
        .poll(() => page.getByTestId('score-factor-count').innerText(), { timeout: 20_000 })
        .toMatch(factors);
      expect(await page.getByTestId('score-component-market_cap').innerText()).toContain(
        sourceLabel('simulator', language),
      );
      expect(await page.getByTestId('simulated-market').isVisible()).toBe(true);

      // A fictional venue is marked as such on its page.
      await page.goto(`${suite.app.baseUrl}/#/pages/content/exchangeDetail/index?exchange_id=quillmarsh`);
      await expect
        .poll(() => page.getByTestId('exchange-fictional').innerText(), { timeout: 20_000 })
        .toBe(fictional);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
