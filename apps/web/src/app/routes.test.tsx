import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { paths } from '../config/paths';
import { writeStored } from '../lib/storage';
import { renderApp } from '../testing/render-app';
import { createAppRouter, parseSearch, stringifySearch } from './router';

/** Every route the app must have, plus the deep-link entry of decision D26, written out by hand. */
const SPEC_PATHS = [
  '/',
  '/pages/tabbar/market/index',
  '/pages/tabbar/platform/index',
  '/pages/tabbar/viewpoint/index',
  '/pages/tabbar/user/index',
  '/pages/system/setting/index',
  '/pages/system/loginRegister/index',
  '/pages/system/notice/index',
  '/pages/system/contactUs/index',
  '/pages/system/aboutUs/index',
  '/pages/system/priceDisplay/index',
  '/pages/system/language/index',
  '/pages/content/newsDetail/index',
  '/pages/ordinary/search/index',
  '/pages/exchange/introduce/index',
  '/pages/exchange/currencyIntro/index',
  '/pages/content/noticeDetail/index',
  '/pages/exchange/editOptional/index',
  '/pages/exchange/editFollow/index',
  '/pages/exchange/hotSearchCurrency/index',
  '/pages/system/accountSecurity/index',
  '/pages/system/updatePassword/index',
  '/pages/content/briefIntroduction/index',
  '/pages/content/exchangeDetail/index',
  '/pages/system/YourInfo/index',
  '/pages/content/webview/index',
  '/pages/user/alerts/index',
  '/pages/user/alertEdit/index',
  '/pages/tools/converter/index',
  '/pages/user/portfolio/index',
  '/pages/user/portfolioTransaction/index',
  '/pages/user/portfolioImport/index',
  '/pages/user/developers/index',
  '/pages/tools/heatmap/index',
  '/link',
];

async function title(): Promise<string> {
  const element = await screen.findByTestId('page-title');
  return element.textContent ?? '';
}

describe('route table', () => {
  it('registers every spec route at exactly its path, and nothing else', () => {
    const router = createAppRouter();
    const registered = Object.keys(router.routesByPath).sort();
    expect(registered).toEqual([...SPEC_PATHS].sort());
    expect(Object.values(paths).sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('keeps query strings as plain key=value pairs', () => {
    expect(stringifySearch({ information_id: '123', type: 'news', empty: undefined })).toBe(
      '?information_id=123&type=news',
    );
    expect(parseSearch('?information_id=123&type=news')).toEqual({ information_id: '123', type: 'news' });
    expect(stringifySearch({})).toBe('');
  });
});

describe('pages', () => {
  it('tab pages show the title, the four tabs and no back arrow', async () => {
    renderApp(paths.market);
    expect(await title()).toBe('Markets');
    await screen.findByTestId('page-market');
    for (const tab of ['market', 'platform', 'viewpoint', 'user'])
      expect(screen.getByTestId(`tab-${tab}`)).toBeTruthy();
    expect(screen.getByTestId('tab-market').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tab-user').getAttribute('aria-current')).toBeNull();
    expect(screen.queryByTestId('page-back')).toBeNull();
    // The market's content renders just after the page, in the background.
    expect((await screen.findByTestId('disclaimer')).textContent).toBe(
      'The information is for reference only and is not investment advice.',
    );
  });

  it('non-tab pages have a back arrow and no tab bar', async () => {
    renderApp(paths.setting);
    expect(await title()).toBe('Settings');
    await screen.findByTestId('page-setting');
    expect(screen.queryByTestId('tab-bar')).toBeNull();
    expect(screen.getByTestId('page-back').getAttribute('aria-label')).toBe('Back');
  });

  it('the back arrow goes back, or to the market tab when there is no history', async () => {
    const { router } = renderApp(paths.setting);
    fireEvent.click(await screen.findByTestId('page-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.market));
    await router.navigate({ to: paths.aboutUs });
    fireEvent.click(await screen.findByTestId('page-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.market));
  });

  it('/ opens the market tab by default and the viewpoint tab when that is the homepage', async () => {
    const first = renderApp('/');
    expect(await title()).toBe('Markets');
    await screen.findByTestId('page-market');
    first.unmount();
    writeStored('homepage', 'viewpoint');
    const { useSettingsStore, reloadSettings } = await import('../lib/settings-store');
    reloadSettings();
    expect(useSettingsStore.getState().homepage).toBe('viewpoint');
    renderApp('/');
    expect(await title()).toBe('Quicktake');
    await screen.findByTestId('page-viewpoint');
    expect(screen.getByTestId('tab-viewpoint').getAttribute('aria-current')).toBe('page');
  });

  it('passes query parameters to pages as props; introductions title with name / symbol', async () => {
    const view = renderApp(`${paths.introduce}?exchange_id=binance&name=Binance`);
    expect(await title()).toBe('Binance');
    await screen.findByTestId('page-introduce');
    view.unmount();
    renderApp(`${paths.currencyIntro}?coin_id=bitcoin&symbol=BTC`);
    expect(await title()).toBe('BTC');
    await screen.findByTestId('page-currencyIntro');
    // With a coin id the page asks for that coin (no server here, so it stays loading); without one it says so.
    expect(screen.getByTestId('coin-loading')).toBeTruthy();
    expect(screen.queryByTestId('currency-missing')).toBeNull();
    expect(screen.getByTestId('disclaimer')).toBeTruthy();
  });

  it('the web view frames our own pages in a tight sandbox and is titled with the host', async () => {
    const own = `${window.location.origin}/legal/terms?lang=en`;
    const view = renderApp(`${paths.webview}?url=${encodeURIComponent(own)}`);
    expect(await title()).toBe(window.location.host);
    const frame = await screen.findByTestId('webview-frame');
    expect(frame.getAttribute('src')).toBe(own);
    const sandbox = (frame.getAttribute('sandbox') ?? '').split(/\s+/);
    for (const permission of [
      'allow-same-origin',
      'allow-forms',
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-top-navigation',
    ]) {
      expect(sandbox).not.toContain(permission);
    }
    view.unmount();
    renderApp(`${paths.webview}?url=${encodeURIComponent('javascript:alert(1)')}`);
    await screen.findByTestId('webview-blocked');
    expect(screen.queryByTestId('webview-frame')).toBeNull();
  });

  it('the web view frames no other site: it names the destination and offers the browser or going back', async () => {
    const foreign = 'https://accounts.example.com/signin?next=%2Fwallet';
    renderApp(`${paths.webview}?url=${encodeURIComponent(foreign)}`);
    const notice = await screen.findByTestId('webview-leaving');
    expect(document.querySelector('iframe')).toBeNull();
    expect(within(notice).getByTestId('webview-leaving-host').textContent).toBe('accounts.example.com');
    expect(within(notice).getByTestId('webview-leaving-url').textContent).toBe(foreign);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(within(notice).getByRole('button', { name: 'Open in browser' }));
    expect(open).toHaveBeenCalledWith(foreign, '_blank', 'noopener,noreferrer');
    fireEvent.click(within(notice).getByRole('button', { name: 'Go back' }));
    await screen.findByTestId('page-market');
  });

  it('an unknown path offers the market tab', async () => {
    renderApp('/pages/nope/index');
    await screen.findByTestId('page-notFound');
    expect(screen.getByText('Go to Markets')).toBeTruthy();
  });

  it('/link opens a deep link, and a news link without id falls back to the viewpoint tab', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const view = renderApp(`/link?u=${encodeURIComponent('coinlens://coin?id=bitcoin&symbol=BTC')}`);
    await waitFor(() => expect(view.router.state.location.pathname).toBe(paths.currencyIntro));
    expect(view.router.state.location.search).toEqual({ coin_id: 'bitcoin', symbol: 'BTC' });
    view.unmount();
    const second = renderApp(`/link?u=${encodeURIComponent('coinlens://news')}`);
    await waitFor(() => expect(second.router.state.location.pathname).toBe(paths.viewpoint));
    expect(warn).toHaveBeenCalledWith('Deep link ignored (news link without id)');
  });
});
