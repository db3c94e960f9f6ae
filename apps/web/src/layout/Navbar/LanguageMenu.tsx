import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@gx/contract';
import { useAppStore } from '../../store/app';

/** The navbar's language choice (SPEC §2); the login page uses the compact LanguageSwitch instead. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGS.map((l) => ({ key: l, label: t(`common.languages.${l}`) })),
        onClick: ({ key }) => setLanguage(key as Lang),
      }}
    >
      <Button
        type="text"
        className="gx-navbar-button"
        icon={<TranslationOutlined />}
        aria-label={t('common.language')}
        data-testid="language-menu"
      />
    </Dropdown>
  );
}
