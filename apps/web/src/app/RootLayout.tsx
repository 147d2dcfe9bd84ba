import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

import { paths } from '../config/paths';
import { SimulatedMarketMarker } from '../features/app-info/components/SimulatedMarketMarker';
import { useGatewayBlockStore } from '../lib/gateway/gateway-block';
import { setLoginNavigator } from '../lib/gateway/gateway';
import { reloadSession } from '../lib/session-store';
import { reloadSettings, useSettingsStore } from '../lib/settings-store';
import { storageName } from '../lib/storage';
import { applyTheme, applyUpDownColors } from '../lib/theme';
import { whenIdle } from '../lib/when-idle';

// Shown only after a 451: not part of the first load.
const AppRefused = lazy(() =>
  import('../components/AppRefused').then((module) => ({ default: module.AppRefused })),
);
const AccessLimited = lazy(() =>
  import('../components/AccessLimited').then((module) => ({ default: module.AccessLimited })),
);

/** Applies the persisted theme and up/down colours, and follows other tabs' storage writes. */
function SettingsEffects() {
  const theme = useSettingsStore((state) => state.theme);
  const upDown = useSettingsStore((state) => state.upDown);
  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => applyUpDownColors(upDown), [upDown]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (
        event.key === null ||
        event.key === storageName('user') ||
        event.key === storageName('login_time')
      ) {
        reloadSession();
      }
      reloadSettings();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}

function GatewayBlockOverlay() {
  const block = useGatewayBlockStore((state) => state.block);
  const dismiss = useGatewayBlockStore((state) => state.dismiss);
  const queryClient = useQueryClient();
  const router = useRouter();
  if (!block) return null;
  if (block === 'app')
    return (
      <Suspense fallback={null}>
        <AppRefused onReload={() => window.location.reload()} />
      </Suspense>
    );
  return (
    <Suspense fallback={null}>
      <AccessLimited
        onRetry={() => {
          dismiss();
          void queryClient.refetchQueries({ type: 'active' });
        }}
        onContact={() => {
          dismiss();
          void router.navigate({ to: paths.contactUs });
        }}
      />
    </Suspense>
  );
}

/** Nothing in the background services is urgent: they wait until the first screen has had its data. */
const BACKGROUND_DELAY_MS = 3_000;
/** A chunk that did not arrive (offline, a server restart) is asked for again this much later. */
const BACKGROUND_RETRY_MS = 30_000;

/**
 * The background services, once the first screen has had its turn. Loaded by hand rather than with
 * React.lazy: a chunk that fails to arrive must not throw into the screen's error boundary, only try again.
 */
function DeferredBackgroundServices() {
  const [Services, setServices] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelIdle = () => {};
    let timer = 0;
    let stopped = false;
    const load = () => {
      cancelIdle = whenIdle(() => {
        import('./BackgroundServices').then(
          (module) => {
            if (!stopped) setServices(() => module.default);
          },
          () => {
            if (!stopped) timer = window.setTimeout(load, BACKGROUND_RETRY_MS);
          },
        );
      });
    };
    timer = window.setTimeout(load, BACKGROUND_DELAY_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, []);
  return Services ? <Services /> : null;
}

export function RootLayout() {
  const router = useRouter();
  useEffect(() => {
    setLoginNavigator(() => void router.navigate({ to: paths.loginRegister }));
  }, [router]);
  return (
    <>
      <SettingsEffects />
      <Outlet />
      <SimulatedMarketMarker />
      <DeferredBackgroundServices />
      <GatewayBlockOverlay />
    </>
  );
}
