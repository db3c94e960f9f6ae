import type { MouseEvent } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TagView } from '../../store/tagsView';

export type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

interface Props {
  view: TagView;
  active: boolean;
  onOpen: (view: TagView) => void;
  onAction: (action: TagAction, view: TagView) => void;
}

/** One tab: click opens, × or middle click closes (not affix), right click offers the tab menu. */
export function TagItem({ view, active, onOpen, onAction }: Props) {
  const { t } = useTranslation();

  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('tagsView.refresh') },
    { key: 'close', label: t('tagsView.close'), disabled: view.affix },
    { key: 'closeOthers', label: t('tagsView.closeOthers') },
    { key: 'closeAll', label: t('tagsView.closeAll') },
  ];
  const close = (e: MouseEvent) => {
    e.stopPropagation();
    onAction('close', view);
  };

  return (
    <Dropdown trigger={['contextMenu']} menu={{ items, onClick: ({ key }) => onAction(key as TagAction, view) }}>
      <div
        role="tab"
        tabIndex={0}
        aria-selected={active}
        className={active ? 'gx-tag gx-tag-active' : 'gx-tag'}
        data-testid="tag"
        data-path={view.path}
        onClick={() => onOpen(view)}
        onKeyDown={(e) => e.key === 'Enter' && onOpen(view)}
        onMouseDown={(e) => e.button === 1 && e.preventDefault()}
        onAuxClick={(e) => e.button === 1 && !view.affix && close(e)}
      >
        <span className="gx-tag-title">{t(view.title)}</span>
        {!view.affix && (
          <CloseOutlined className="gx-tag-close" aria-label={t('tagsView.close')} onClick={close} data-testid="tag-close" />
        )}
      </div>
    </Dropdown>
  );
}
