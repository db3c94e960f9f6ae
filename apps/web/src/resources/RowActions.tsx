import { Button, Dropdown } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ActionView } from '@gx/contract';
import { pick, useLang } from './useLang';

interface Props {
  /** The row's allowed actions, in declared order. */
  actions: readonly ActionView[];
  onRun: (action: ActionView) => void;
  /** How a person names the row, for the "more" menu's accessible name. */
  rowName: string;
  /** At most this many show as links; the rest go into a "more" menu (two on wide tables, none on cards). */
  inline: number;
}

/** A row's action links: the first `inline` as links, the others in a "more" menu, so the column stays narrow. */
export function RowActions({ actions, onRun, rowName, inline }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  // Never more than `inline` links: a third action goes into the menu even when it is the only one there.
  const shown = actions.slice(0, inline);
  const rest = actions.slice(shown.length);
  const moreText = inline > 0 ? t('resource.more') : t('resource.actions');
  return (
    <span className="gx-row-actions">
      {shown.map((a) => (
        <Button key={a.method} type="link" size="small" danger={a.danger} onClick={() => onRun(a)} data-testid={`row-action-${a.method}`}>
          {pick(a.label, lang)}
        </Button>
      ))}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((a) => ({
              key: a.method,
              danger: a.danger,
              label: <span data-testid={`row-action-${a.method}`}>{pick(a.label, lang)}</span>,
            })),
            onClick: ({ key }) => {
              const a = rest.find((x) => x.method === key);
              if (a) onRun(a);
            },
          }}
        >
          {/* The accessible name starts with the visible word (WCAG 2.5.3), then says whose actions they are. */}
          <Button type="link" size="small" icon={<EllipsisOutlined />} aria-label={`${moreText} · ${t('resource.rowActions', { name: rowName })}`} data-testid="row-action-more">
            {moreText}
          </Button>
        </Dropdown>
      )}
    </span>
  );
}
