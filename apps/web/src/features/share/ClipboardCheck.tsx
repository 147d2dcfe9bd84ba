import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';

import { procedureQuery } from '@/lib/gateway/procedure-query';
import { useSessionStore } from '@/lib/session-store';
import { readSharedLink } from '@/lib/share-text';

/**
 * When the app is shown, looks at the clipboard for a Coinlens share from someone else (decision D28):
 * one "open copied data" dialog at a time; the clipboard is cleared whatever the answer; a browser that
 * refuses clipboard access is left alone, silently.
 */
export function ClipboardCheck() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useQuery({ ...procedureQuery('appsys_msrv/app_config', {}), staleTime: Infinity });
  const open = useRef(false);
  const data = config.data;
  useEffect(() => {
    if (!data) return;
    const names = Object.values(data.app_names);
    const check = async () => {
      if (open.current || document.visibilityState !== 'visible' || !navigator.clipboard?.readText) return;
      let text: string;
      try {
        text = await navigator.clipboard.readText();
      } catch {
        return;
      }
      const uid = useSessionStore.getState().user?.uid ?? null;
      const shared = readSharedLink(text, names, data.website, uid === null ? null : String(uid));
      if (!shared) return;
      open.current = true;
      await navigator.clipboard.writeText('').catch(() => undefined);
      const confirmed = await Dialog.confirm({
        title: t('common.tip'),
        content: t('share.openCopied'),
        cancelText: t('common.cancel'),
        confirmText: t('common.confirm'),
      });
      open.current = false;
      if (confirmed) {
        const url = new URL(shared.route, 'https://coinlens.invalid');
        void navigate({
          to: url.pathname as never,
          search: Object.fromEntries(url.searchParams) as never,
        });
      }
    };
    const onVisible = () => void check();
    onVisible();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [data, navigate, t]);
  return null;
}
