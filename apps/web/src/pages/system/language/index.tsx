import { CheckList } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import { LANGUAGE_ENTRIES, isAppLanguage } from '@coinlens/contract';

import { changeAppLanguage, currentLanguage } from '@/lib/i18n';

/** Language (decision D15): switches at once and persists the choice. */
export default function LanguagePage() {
  useTranslation(); // re-render when the language changes
  const active = currentLanguage();
  return (
    <div data-testid="page-language">
      <CheckList
        value={[active]}
        onChange={(value) => {
          const next = value[0];
          if (isAppLanguage(next) && next !== active) void changeAppLanguage(next);
        }}
      >
        {LANGUAGE_ENTRIES.map((entry) => (
          <CheckList.Item key={entry.lang} value={entry.lang} data-testid={`language-${entry.lang}`}>
            <span lang={entry.lang}>{entry.name}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </div>
  );
}
