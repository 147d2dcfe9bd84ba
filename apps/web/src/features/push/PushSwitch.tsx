import { List, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { showToast } from '@/lib/toast';
import { disablePush, enablePush, pushEnabled, pushSupported } from './push-client';

/** Settings' notifications switch: subscribes this browser to Web Push (breaking flashes, messages, alerts). */
export function PushSwitch() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushEnabled().then(setEnabled);
  }, []);
  if (!pushSupported()) return null;
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const granted = await enablePush();
        setEnabled(granted);
        if (!granted) showToast(t('settings.pushDenied'));
      } else {
        await disablePush();
        setEnabled(false);
      }
    } catch {
      showToast(t('settings.pushFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <List.Item
      description={t('settings.pushHint')}
      extra={
        <Switch
          checked={enabled}
          loading={busy}
          onChange={(on) => void toggle(on)}
          aria-label={t('settings.push')}
          data-testid="setting-push"
        />
      }
    >
      {t('settings.push')}
    </List.Item>
  );
}
