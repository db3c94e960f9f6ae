import { Button, Tooltip } from 'antd';
import { CommentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../store/dialogs';

/** Opens the complaints/suggestions dialog (SPEC §2 Navbar). */
export function SuggestionButton() {
  const { t } = useTranslation();
  const open = useDialogs((s) => s.open);
  return (
    <Tooltip title={t('suggestion.button')}>
      <Button
        type="text"
        className="gx-navbar-button"
        icon={<CommentOutlined />}
        aria-label={t('suggestion.button')}
        data-testid="suggestion-button"
        onClick={() => open('suggestion')}
      />
    </Tooltip>
  );
}
