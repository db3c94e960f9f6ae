import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../layout/Sidebar/menuIcons';
import { fileSizeText } from '../../utils/fileSize';
import { operationText } from '../operationText';
import { permissionTitle } from '../permissionTitle';
import type { CellProps } from '../types';
import { useTranslate } from '../useTranslate';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** `routeTitle`: a menu's title key (route.system.user) in the console language, with the key beside it. */
export function RouteTitleCell({ value }: CellProps) {
  const { t, i18n } = useTranslation();
  const key = text(value);
  return (
    <span title={key}>
      {i18n.exists(key) ? t(key) : key}
    </span>
  );
}

/** `icon`: the icon a menu names, as the sidebar draws it. */
export function IconCell({ value }: CellProps) {
  const name = text(value);
  if (!name) return <span className="gx-cell-empty">-</span>;
  return (
    <Tooltip title={name}>
      <span className="gx-cell-icon" aria-label={name}>
        <MenuIcon name={name} />
      </span>
    </Tooltip>
  );
}

/** `image`: a small preview of an uploaded image or image URL. */
export function ImageCell({ value }: CellProps) {
  const src = text(value);
  if (!src) return <span className="gx-cell-empty">-</span>;
  // The link's only content is the image, so the image's text names the link (WCAG link-name): its file name.
  const name = decodeURIComponent(src.split(/[?#]/)[0]?.split('/').pop() ?? '') || src;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img className="gx-cell-image" src={src} alt={name} loading="lazy" />
    </a>
  );
}

/** `permissionTitle`: a button's title (`perm.<key>` or a typed name) as a readable name. */
export function PermissionTitleCell({ value, lang }: CellProps) {
  const translate = useTranslate();
  return <span>{permissionTitle(text(value), lang, translate)}</span>;
}

/** `operationAction`: what an operation-log entry did ("Users · Add"), with the raw endpoint#method below. */
export function OperationActionCell({ value, lang }: CellProps) {
  const translate = useTranslate();
  const raw = text(value);
  const readable = operationText(raw, lang, translate);
  return (
    <span className="gx-cell-action">
      <span>{readable}</span>
      {readable !== raw && (
        <Typography.Text type="secondary" className="gx-cell-action-raw">
          {raw}
        </Typography.Text>
      )}
    </span>
  );
}

/** A size in bytes, in the largest unit that keeps it at least 1 (1.5 MB); the exact count on hover. */
export function FileSizeCell({ value }: CellProps) {
  if (typeof value !== 'number') return <span className="gx-cell-empty">-</span>;
  return <span title={`${value} B`}>{fileSizeText(value)}</span>;
}
