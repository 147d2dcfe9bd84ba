import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import logoUrl from '../../../assets/logo.svg';
import { Disclaimer } from '../../../components/Disclaimer';
import { APP_VERSION } from '../../../config/app';
import { legalPaths, paths } from '../../../config/paths';
import { appConfigQuery, versionCheckQuery } from '../../../features/app-info/api';

/** About us: app name, logo, version (from version_check), legal documents, disclaimer. */
export default function AboutUsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useQuery(appConfigQuery());
  const version = useQuery(versionCheckQuery());
  // The bundle knows its own version; the server's display string wins once it has answered.
  const displayVersion = version.data?.display_version ?? `V${APP_VERSION}`;
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
      </List>
      <Disclaimer />
    </div>
  );
}
