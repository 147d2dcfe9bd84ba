import { DotLoading } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

/** The three pull-up states of every paged list (decision D9). */
export type ListFooterState = 'more' | 'loading' | 'none';

export function ListFooter({ state }: { state: ListFooterState }) {
  const { t } = useTranslation();
  return (
    <div className="cl-list-footer" data-testid="list-footer" data-state={state}>
      {state === 'more' && t('list.pullUp')}
      {state === 'loading' && (
        <>
          {t('list.loading')}
          <DotLoading />
        </>
      )}
      {state === 'none' && t('list.noMore')}
    </div>
  );
}
