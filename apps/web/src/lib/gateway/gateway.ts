import { ErrorCode, errorMessage } from '@coinlens/contract';

import { APP_ID, APP_SECRET } from '@/config/app';
import { paths } from '@/config/paths';
import { currentApiLanguage, currentLanguage, translator } from '../i18n';
import { currentHashRoute } from '../location';
import { clearUser, getDeviceId, readUser, writeStored } from '../storage';
import { showToast } from '../toast';
import { useGatewayBlockStore } from './gateway-block';
import { createAppGateway, type GatewayMessage, type SessionRefresher } from './app-gateway';

export function gatewayMessageText(message: GatewayMessage): string {
  switch (message.key) {
    case 'api':
      return translator.t('errors.api', { message: message.message });
    case 'http':
      return translator.t('errors.api', { message: translator.t('errors.http', { status: message.status }) });
    case 'sessionExpired':
      return errorMessage(ErrorCode.SessionExpired, currentLanguage());
    case 'network':
      return translator.t('errors.network');
    case 'timeout':
      return translator.t('errors.timeout');
    case 'abort':
      return translator.t('errors.abort');
  }
}

type LoginNavigator = () => void;

let navigateToLogin: LoginNavigator = () => {
  window.location.hash = `#${paths.loginRegister}`;
};

/** The app registers router navigation here (lib cannot import the router). */
export function setLoginNavigator(navigator: LoginNavigator): void {
  navigateToLogin = navigator;
}

/** Keeps the current route in `url_params` so login can resume it (decision D13). */
export function rememberPendingRoute(): void {
  const route = currentHashRoute();
  if (route.path.toLowerCase() === paths.loginRegister.toLowerCase()) return;
  writeStored('url_params', route);
}

/** The one gateway of the web app: same origin, signed calls, answers handled as decisions D18–D20 say. */
export const gateway = createAppGateway({
  baseUrl: '',
  appId: APP_ID,
  appSecret: APP_SECRET,
  headers: () => {
    const user = readUser();
    return {
      accessToken: user?.AccessToken,
      refreshToken: user?.RefreshToken,
      deviceId: getDeviceId(),
      language: currentApiLanguage(),
    };
  },
  notify: (message) => showToast(gatewayMessageText(message)),
  onAccessLimited: () => useGatewayBlockStore.getState().show('region'),
  onAppRefused: () => useGatewayBlockStore.getState().show('app'),
  onSessionExpired: () => {
    rememberPendingRoute();
    clearUser();
    navigateToLogin();
  },
});

/** Plugs in the token refresh (`user_msrv/refresh_token`, the accounts issue). */
export function setSessionRefresher(refresher: SessionRefresher | null): void {
  gateway.setSessionRefresher(refresher);
}
