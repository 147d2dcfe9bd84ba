import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { LinkOutline, MailOutline, SendOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { ErrorView } from '@/components/ErrorView';
import { LoadingView } from '@/components/LoadingView';
import { appConfigQuery } from '@/features/app-info/api';

function isWebUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** A handle (`@coinlens`) or a URL, as a link to the profile. */
export function profileUrl(value: string, base: 'https://t.me/' | 'https://x.com/'): string {
  return isWebUrl(value) ? value : base + encodeURIComponent(value.replace(/^@/, ''));
}

function Row({
  icon,
  label,
  value,
  href,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  href: string;
  testId: string;
}) {
  return (
    <List.Item prefix={icon} description={label} data-testid={testId}>
      <a href={href} target={href.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
        {value}
      </a>
    </List.Item>
  );
}

/** Contact us: the contact channels of `appsys_msrv/app_config`. */
export default function ContactUsPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(appConfigQuery());
  return (
    <div data-testid="page-contactUs">
      {isPending && <LoadingView testId="contact-loading" />}
      {isError && <ErrorView message={t('contact.loadFailed')} onRetry={() => void refetch()} />}
      {data && (
        <List>
          {data.contact.email && (
            <Row
              testId="contact-email"
              icon={<MailOutline />}
              label={t('contact.email')}
              value={data.contact.email}
              href={`mailto:${data.contact.email}`}
            />
          )}
          {data.contact.telegram && (
            <Row
              testId="contact-telegram"
              icon={<SendOutline />}
              label={t('contact.telegram')}
              value={data.contact.telegram}
              href={profileUrl(data.contact.telegram, 'https://t.me/')}
            />
          )}
          {data.contact.x && (
            <Row
              testId="contact-x"
              icon={<LinkOutline />}
              label={t('contact.x')}
              value={data.contact.x}
              href={profileUrl(data.contact.x, 'https://x.com/')}
            />
          )}
        </List>
      )}
    </div>
  );
}
