import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { List } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import logoUrl from '@/assets/logo.svg';
import { Disclaimer } from '@/components/Disclaimer';
import { failureMessage } from '@/components/QueryView';
import { APP_VERSION } from '@/config/app';
import { legalPaths, paths } from '@/config/paths';
import { appConfigQuery, versionCheckQuery } from '@/features/app-info/api';
import { AppDownload } from '@/features/app-info/components/AppDownload';
import { showToast } from '@/lib/toast';

/** About us: app name, logo, version and update check (version_check), legal documents, app download, disclaimer. */
export default function AboutUsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useQuery(appConfigQuery());
  const version = useQuery(versionCheckQuery());
  // The bundle knows its own version; the server's display string wins once it has answered.
  const displayVersion = version.data?.display_version ?? `V${APP_VERSION}`;
  // A new answer with an update shows the update overlay (AppUpdateCheck shares this query); else say so.
  const checkForUpdate = async () => {
    const answer = await version.refetch();
    if (answer.data && !answer.data.has_update) showToast(t('about.upToDate'));
    else if (answer.error) showToast(failureMessage(answer.error, t('data.loadFailed')));
  };
  const openLegal = (path: string) =>
    void navigate({ to: paths.webview, search: { url: new URL(path, window.location.origin).href } });
  return (
    <div className="cl-about" data-testid="page-aboutUs">
      <div className="cl-about-head">
        <img className="cl-about-logo" src={logoUrl} alt="" width={72} height={72} />
        <h2 className="cl-about-name" data-testid="about-name">
          {config.data?.app_name ?? t('app.name')}
        </h2>
        <p className="cl-about-version" data-testid="about-version">
          {t('about.version', { version: displayVersion })}
        </p>
      </div>
      <List>
        <List.Item onClick={() => openLegal(legalPaths.terms)} data-testid="about-terms">
          {t('about.terms')}
        </List.Item>
        <List.Item onClick={() => openLegal(legalPaths.privacy)} data-testid="about-privacy">
          {t('about.privacy')}
        </List.Item>
        <List.Item onClick={() => void checkForUpdate()} data-testid="about-check-update">
          {t('about.checkUpdate')}
        </List.Item>
      </List>
      <AppDownload />
      <Disclaimer />
    </div>
  );
}
