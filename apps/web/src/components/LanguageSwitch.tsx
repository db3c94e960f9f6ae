import { useTranslation } from 'react-i18next';
import { LANGS } from '@gx/contract';
import { useAppStore } from '../store/app';

/**
 * Compact language choice for the login page (SPEC §4 Language): stored in a cookie, applied at once, the page
 * title follows. Plain buttons keep the login bundle small; the navbar uses a dropdown.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  return (
    <div className="gx-lang-switch" role="group" aria-label={t('common.language')} data-testid="language-switch">
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          aria-pressed={l === language}
          className={l === language ? 'gx-lang-option gx-lang-option-active' : 'gx-lang-option'}
          data-testid={`language-${l}`}
          onClick={() => setLanguage(l)}
        >
          {t(`common.languages.${l}`)}
        </button>
      ))}
    </div>
  );
}
