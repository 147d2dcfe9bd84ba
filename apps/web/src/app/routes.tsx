import { createRootRoute, createRoute } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { paths } from '../config/paths';
import {
  alertEditSearch,
  portfolioSearch,
  portfolioTransactionSearch,
  alertsSearch,
  briefIntroductionSearch,
  currencyIntroSearch,
  exchangeDetailSearch,
  introduceSearch,
  linkSearch,
  marketSearch,
  platformSearch,
  newsDetailSearch,
  noticeDetailSearch,
  searchPageSearch,
  webviewSearch,
} from '../config/search-params';
import { useSettingsStore } from '../lib/settings-store';
import { httpUrl } from '../lib/url';
import { body, page, pageWithSearch } from './page-route';
import { NotFound } from './NotFound';
import { PageFrame } from './PageFrame';
import { RootLayout } from './RootLayout';

// Every page body is its own chunk. Folders mirror the route paths.
const bodies = {
  market: body(() => import('../pages/tabbar/market')),
  platform: body(() => import('../pages/tabbar/platform')),
  viewpoint: body(() => import('../pages/tabbar/viewpoint')),
  user: body(() => import('../pages/tabbar/user')),
  setting: body(() => import('../pages/system/setting')),
  loginRegister: body(() => import('../pages/system/loginRegister')),
  notice: body(() => import('../pages/system/notice')),
  contactUs: body(() => import('../pages/system/contactUs')),
  aboutUs: body(() => import('../pages/system/aboutUs')),
  priceDisplay: body(() => import('../pages/system/priceDisplay')),
  language: body(() => import('../pages/system/language')),
  newsDetail: body(() => import('../pages/content/newsDetail')),
  search: body(() => import('../pages/ordinary/search')),
  introduce: body(() => import('../pages/exchange/introduce')),
  currencyIntro: body(() => import('../pages/exchange/currencyIntro')),
  noticeDetail: body(() => import('../pages/content/noticeDetail')),
  editOptional: body(() => import('../pages/exchange/editOptional')),
  editFollow: body(() => import('../pages/exchange/editFollow')),
  hotSearchCurrency: body(() => import('../pages/exchange/hotSearchCurrency')),
  accountSecurity: body(() => import('../pages/system/accountSecurity')),
  updatePassword: body(() => import('../pages/system/updatePassword')),
  briefIntroduction: body(() => import('../pages/content/briefIntroduction')),
  exchangeDetail: body(() => import('../pages/content/exchangeDetail')),
  YourInfo: body(() => import('../pages/system/YourInfo')),
  webview: body(() => import('../pages/content/webview')),
  link: body(() => import('../pages/link')),
  alerts: body(() => import('../pages/user/alerts')),
  alertEdit: body(() => import('../pages/user/alertEdit')),
  portfolio: body(() => import('../pages/user/portfolio')),
  portfolioTransaction: body(() => import('../pages/user/portfolioTransaction')),
  portfolioImport: body(() => import('../pages/user/portfolioImport')),
  developers: body(() => import('../pages/user/developers')),
  converter: body(() => import('../pages/tools/converter')),
  heatmap: body(() => import('../pages/tools/heatmap')),
};

export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** `/`: the market tab, or the viewpoint tab when that is the chosen default homepage (decision D14). */
function HomeRoute() {
  const { t } = useTranslation();
  const homepage = useSettingsStore((state) => state.homepage);
  const search = homeRoute.useSearch();
  return (
    <PageFrame name={homepage} title={t(`title.${homepage}`)} tab={homepage}>
      {homepage === 'viewpoint' ? <bodies.viewpoint /> : <bodies.market {...search} />}
    </PageFrame>
  );
}

const child = { getParentRoute: () => rootRoute } as const;

const homeRoute = createRoute({
  ...child,
  path: paths.home,
  validateSearch: marketSearch,
  component: HomeRoute,
});

const marketRoute = createRoute({
  ...child,
  path: paths.market,
  ...pageWithSearch(marketSearch, {
    name: 'market',
    tab: 'market',
    title: (t) => t('title.market'),
    body: bodies.market,
  }),
});
const platformRoute = createRoute({
  ...child,
  path: paths.platform,
  ...pageWithSearch(platformSearch, {
    name: 'platform',
    tab: 'platform',
    title: (t) => t('title.platform'),
    body: bodies.platform,
  }),
});
const viewpointRoute = createRoute({
  ...child,
  path: paths.viewpoint,
  ...page({
    name: 'viewpoint',
    tab: 'viewpoint',
    title: (t) => t('title.viewpoint'),
    body: bodies.viewpoint,
  }),
});
const userRoute = createRoute({
  ...child,
  path: paths.user,
  ...page({ name: 'user', tab: 'user', title: (t) => t('title.user'), body: bodies.user }),
});
const settingRoute = createRoute({
  ...child,
  path: paths.setting,
  ...page({ name: 'setting', title: (t) => t('title.setting'), body: bodies.setting }),
});
const loginRegisterRoute = createRoute({
  ...child,
  path: paths.loginRegister,
  ...page({ name: 'loginRegister', title: (t) => t('title.loginRegister'), body: bodies.loginRegister }),
});
const noticeRoute = createRoute({
  ...child,
  path: paths.notice,
  ...page({ name: 'notice', title: (t) => t('title.notice'), body: bodies.notice }),
});
const contactUsRoute = createRoute({
  ...child,
  path: paths.contactUs,
  ...page({ name: 'contactUs', title: (t) => t('title.contactUs'), body: bodies.contactUs }),
});
const aboutUsRoute = createRoute({
  ...child,
  path: paths.aboutUs,
  ...page({ name: 'aboutUs', title: (t) => t('title.aboutUs'), body: bodies.aboutUs }),
});
const priceDisplayRoute = createRoute({
  ...child,
  path: paths.priceDisplay,
  ...page({ name: 'priceDisplay', title: (t) => t('title.priceDisplay'), body: bodies.priceDisplay }),
});
const languageRoute = createRoute({
  ...child,
  path: paths.language,
  ...page({ name: 'language', title: (t) => t('title.language'), body: bodies.language }),
});
const newsDetailRoute = createRoute({
  ...child,
  path: paths.newsDetail,
  ...pageWithSearch(newsDetailSearch, {
    name: 'newsDetail',
    title: (t) => t('title.newsDetail'),
    body: bodies.newsDetail,
  }),
});
const searchRoute = createRoute({
  ...child,
  path: paths.search,
  ...pageWithSearch(searchPageSearch, {
    name: 'search',
    title: (t) => t('title.search'),
    body: bodies.search,
  }),
});
const introduceRoute = createRoute({
  ...child,
  path: paths.introduce,
  ...pageWithSearch(introduceSearch, {
    name: 'introduce',
    title: (t, search) => search.name ?? t('title.introduce'),
    body: bodies.introduce,
  }),
});
const currencyIntroRoute = createRoute({
  ...child,
  path: paths.currencyIntro,
  ...pageWithSearch(currencyIntroSearch, {
    name: 'currencyIntro',
    title: (t, search) => search.symbol ?? t('title.currencyIntro'),
    body: bodies.currencyIntro,
  }),
});
const noticeDetailRoute = createRoute({
  ...child,
  path: paths.noticeDetail,
  ...pageWithSearch(noticeDetailSearch, {
    name: 'noticeDetail',
    title: (t) => t('title.noticeDetail'),
    body: bodies.noticeDetail,
  }),
});
const editOptionalRoute = createRoute({
  ...child,
  path: paths.editOptional,
  ...page({ name: 'editOptional', title: (t) => t('title.editOptional'), body: bodies.editOptional }),
});
const editFollowRoute = createRoute({
  ...child,
  path: paths.editFollow,
  ...page({ name: 'editFollow', title: (t) => t('title.editFollow'), body: bodies.editFollow }),
});
const hotSearchCurrencyRoute = createRoute({
  ...child,
  path: paths.hotSearchCurrency,
  ...page({
    name: 'hotSearchCurrency',
    title: (t) => t('title.hotSearchCurrency'),
    body: bodies.hotSearchCurrency,
  }),
});
const accountSecurityRoute = createRoute({
  ...child,
  path: paths.accountSecurity,
  ...page({
    name: 'accountSecurity',
    title: (t) => t('title.accountSecurity'),
    body: bodies.accountSecurity,
  }),
});
const updatePasswordRoute = createRoute({
  ...child,
  path: paths.updatePassword,
  ...page({ name: 'updatePassword', title: (t) => t('title.updatePassword'), body: bodies.updatePassword }),
});
const briefIntroductionRoute = createRoute({
  ...child,
  path: paths.briefIntroduction,
  ...pageWithSearch(briefIntroductionSearch, {
    name: 'briefIntroduction',
    title: (t) => t('title.briefIntroduction'),
    body: bodies.briefIntroduction,
  }),
});
const exchangeDetailRoute = createRoute({
  ...child,
  path: paths.exchangeDetail,
  ...pageWithSearch(exchangeDetailSearch, {
    name: 'exchangeDetail',
    title: (t) => t('title.exchangeDetail'),
    body: bodies.exchangeDetail,
  }),
});
const yourInfoRoute = createRoute({
  ...child,
  path: paths.YourInfo,
  ...page({ name: 'YourInfo', title: (t) => t('title.YourInfo'), body: bodies.YourInfo }),
});
const webviewRoute = createRoute({
  ...child,
  path: paths.webview,
  ...pageWithSearch(webviewSearch, {
    name: 'webview',
    // decision D7: the web view shows its page's host.
    title: (t, search) => httpUrl(search.url)?.host ?? t('title.webview'),
    body: bodies.webview,
  }),
});
const linkRoute = createRoute({
  ...child,
  path: paths.link,
  ...pageWithSearch(linkSearch, { name: 'link', title: (t) => t('title.link'), body: bodies.link }),
});

const portfolioRoute = createRoute({
  ...child,
  path: paths.portfolio,
  ...pageWithSearch(portfolioSearch, {
    name: 'portfolio',
    title: (t, search) => (search.coin ? t('portfolio.holdingTitle') : t('portfolio.title')),
    body: bodies.portfolio,
  }),
});
const portfolioTransactionRoute = createRoute({
  ...child,
  path: paths.portfolioTransaction,
  ...pageWithSearch(portfolioTransactionSearch, {
    name: 'portfolioTransaction',
    title: (t, search) => (search.id ? t('portfolio.form.editTitle') : t('portfolio.form.newTitle')),
    body: bodies.portfolioTransaction,
  }),
});
const portfolioImportRoute = createRoute({
  ...child,
  path: paths.portfolioImport,
  ...page({ name: 'portfolioImport', title: (t) => t('portfolio.import'), body: bodies.portfolioImport }),
});
const developersRoute = createRoute({
  ...child,
  path: paths.developers,
  ...page({ name: 'developers', title: (t) => t('developers.title'), body: bodies.developers }),
});
const converterRoute = createRoute({
  ...child,
  path: paths.converter,
  ...page({ name: 'converter', title: (t) => t('converter.title'), body: bodies.converter }),
});
const heatmapRoute = createRoute({
  ...child,
  path: paths.heatmap,
  ...page({ name: 'heatmap', title: (t) => t('heatmap.title'), body: bodies.heatmap }),
});

const alertsRoute = createRoute({
  ...child,
  path: paths.alerts,
  ...pageWithSearch(alertsSearch, { name: 'alerts', title: (t) => t('alerts.title'), body: bodies.alerts }),
});
const alertEditRoute = createRoute({
  ...child,
  path: paths.alertEdit,
  ...pageWithSearch(alertEditSearch, {
    name: 'alertEdit',
    title: (t, search) => (search.id ? t('alerts.editTitle') : t('alerts.newTitle')),
    body: bodies.alertEdit,
  }),
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  marketRoute,
  platformRoute,
  viewpointRoute,
  userRoute,
  settingRoute,
  loginRegisterRoute,
  noticeRoute,
  contactUsRoute,
  aboutUsRoute,
  priceDisplayRoute,
  languageRoute,
  newsDetailRoute,
  searchRoute,
  introduceRoute,
  currencyIntroRoute,
  noticeDetailRoute,
  editOptionalRoute,
  editFollowRoute,
  hotSearchCurrencyRoute,
  accountSecurityRoute,
  updatePasswordRoute,
  briefIntroductionRoute,
  exchangeDetailRoute,
  yourInfoRoute,
  webviewRoute,
  linkRoute,
  alertsRoute,
  alertEditRoute,
  converterRoute,
  heatmapRoute,
  portfolioRoute,
  portfolioTransactionRoute,
  portfolioImportRoute,
  developersRoute,
]);

/** Starts fetching the four tab chunks (called once the first page is shown). */
export function preloadTabPages(): void {
  bodies.market.preload();
  bodies.platform.preload();
  bodies.viewpoint.preload();
  bodies.user.preload();
}
