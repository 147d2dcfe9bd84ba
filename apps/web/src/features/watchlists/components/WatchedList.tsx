import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { DataAge } from '@/components/DataAge';
import { EmptyState } from '@/components/EmptyState';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { useIsLoggedIn } from '@/lib/session-store';
import type { Snapshot } from '@/lib/offline/last-snapshot';
import { OfflineBanner } from '@/components/OfflineBanner';
import './watched-list.css';

export interface WatchedListProps<T extends { id: string }> {
  query: UseQueryResult<{ list: T[]; as_of: number; stale: boolean }>;
  /** The kept list, shown with its age while the network is unreachable (see useWatchListSnapshot). */
  offlineCopy?: Snapshot<{ list: T[] }> | null;
  /** Where Edit and Add lead (the list's editor). */
  editorPath: typeof paths.editOptional | typeof paths.editFollow;
  texts: { login: string; empty: string; add: string; edit: string };
  rowHeight: number;
  renderRow: (item: T) => ReactNode;
  /** Prefix of the test ids: `<testId>-login`, `-empty`, `-list`, `-edit`. */
  testId: string;
}

/**
 * A watch list as a tab (Favourites, Following): the user's items in their order with the data's age and
 * Edit; an empty list offers Add; visitors are asked to log in (decision D10: no visitor watch list).
 */
export function WatchedList<T extends { id: string }>({
  query,
  editorPath,
  texts,
  rowHeight,
  renderRow,
  testId,
  offlineCopy = null,
}: WatchedListProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const edit = () => void navigate({ to: editorPath });
  if (!loggedIn) {
    return (
      <EmptyState
        testId={`${testId}-login`}
        title={texts.login}
        action={
          <Button color="primary" size="small" onClick={() => void navigate({ to: paths.loginRegister })}>
            {t('common.login')}
          </Button>
        }
      />
    );
  }
  const rows = (list: T[]) => (
    <ul className="cl-plain-list">
      {list.map((item) => (
        <li key={item.id} style={{ height: rowHeight }}>
          {renderRow(item)}
        </li>
      ))}
    </ul>
  );
  if (offlineCopy) {
    return (
      <div data-testid={`${testId}-list`}>
        <OfflineBanner savedAt={offlineCopy.savedAt} />
        {rows(offlineCopy.value.list)}
      </div>
    );
  }
  return (
    <QueryView query={query} testId={testId}>
      {(data) =>
        data.list.length === 0 ? (
          <EmptyState
            testId={`${testId}-empty`}
            title={texts.empty}
            action={
              <Button color="primary" size="small" onClick={edit}>
                {texts.add}
              </Button>
            }
          />
        ) : (
          <div data-testid={`${testId}-list`}>
            <div className="cl-coin-list-meta">
              <DataAge asOf={data.as_of} stale={data.stale} />
              <Button size="small" fill="none" color="primary" onClick={edit} data-testid={`${testId}-edit`}>
                {texts.edit}
              </Button>
            </div>
            {rows(data.list)}
          </div>
        )
      }
    </QueryView>
  );
}
