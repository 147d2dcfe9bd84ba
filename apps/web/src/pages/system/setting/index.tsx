import { useNavigate } from '@tanstack/react-router';
import { Button, Dialog, List, Selector, Switch } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import { LANGUAGE_ENTRIES, formatPercent } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { accountService } from '@/features/auth/account-service';
import { PushSwitch } from '@/features/push/PushSwitch';
import { currentLanguage } from '@/lib/i18n';
import { useIsLoggedIn } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { HOMEPAGES, REFRESH_RATES, type Homepage, type RefreshRate, type UpDownColor } from '@/lib/storage';

/**
 * Settings (decision D14): up/down colour, default homepage, market refresh rate, language, night mode,
 * log out.
 */
export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const settings = useSettingsStore();
  const languageName = LANGUAGE_ENTRIES.find((entry) => entry.lang === currentLanguage())?.name ?? '';

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      cancelText: t('common.cancel'),
      confirmText: t('common.confirm'),
    });
    if (!confirmed) return;
    await accountService.logout();
    void navigate({ to: paths.user, replace: true });
  };

  return (
    <div className="cl-settings" data-testid="page-setting">
      <List header={t('settings.upDownColor')}>
        <List.Item>
          <Selector<UpDownColor['type']>
            columns={1}
            value={[settings.upDown.type]}
            onChange={(value) => value[0] && settings.setUpDownType(value[0])}
            options={[
              { value: 1, label: <UpDownSample up="green" label={t('settings.upGreen')} /> },
              { value: 2, label: <UpDownSample up="red" label={t('settings.upRed')} /> },
            ]}
            data-testid="setting-updown"
          />
        </List.Item>
      </List>
      <List header={t('settings.homepage')}>
        <List.Item>
          <Selector<Homepage>
            columns={2}
            value={[settings.homepage]}
            onChange={(value) => value[0] && settings.setHomepage(value[0])}
            options={HOMEPAGES.map((value) => ({ value, label: t(`title.${value}`) }))}
            data-testid="setting-homepage"
          />
        </List.Item>
      </List>
      <List header={t('settings.refreshRate')}>
        <List.Item>
          <Selector<RefreshRate>
            columns={3}
            value={[settings.refreshRate]}
            onChange={(value) => value[0] && settings.setRefreshRate(value[0])}
            options={REFRESH_RATES.map((value) => ({ value, label: t(`settings.rate.${value}`) }))}
            data-testid="setting-refresh"
          />
        </List.Item>
      </List>
      <List header={t('settings.general')}>
        <List.Item
          extra={languageName}
          onClick={() => void navigate({ to: paths.language })}
          data-testid="setting-language"
        >
          {t('settings.language')}
        </List.Item>
        <List.Item
          extra={
            <Switch
              checked={settings.theme === 'dark'}
              onChange={(checked) => settings.setTheme(checked ? 'dark' : 'light')}
              aria-label={t('settings.nightMode')}
              data-testid="setting-night"
            />
          }
        >
          {t('settings.nightMode')}
        </List.Item>
        <PushSwitch />
      </List>
      {loggedIn && (
        <div className="cl-settings-logout">
          <Button
            block
            color="danger"
            fill="outline"
            onClick={() => void confirmLogout()}
            data-testid="logout"
          >
            {t('settings.logout')}
          </Button>
        </div>
      )}
    </div>
  );
}

function UpDownSample({ up, label }: { up: 'green' | 'red'; label: string }) {
  return (
    <span className="cl-updown-sample">
      <span>{label}</span>
      <span className={`cl-sample-${up}`}>▲ {formatPercent(1)}</span>
      <span className={`cl-sample-${up === 'green' ? 'red' : 'green'}`}>▼ {formatPercent(-1)}</span>
    </span>
  );
}
