import { Button } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '../components/EmptyState';
import { paths } from '../config/paths';
import { PageFrame } from './PageFrame';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame name="notFound" title={t('title.notFound')}>
      <div data-testid="page-notFound">
        <EmptyState
          title={t('notFound.message')}
          action={
            <Button color="primary" onClick={() => void navigate({ to: paths.market, replace: true })}>
              {t('notFound.toMarket')}
            </Button>
          }
        />
      </div>
    </PageFrame>
  );
}
