import { Tag } from 'antd';
import { displayText, optionOf } from '../fieldText';
import type { CellProps } from '../types';
import { RefLabelCell, RefTagsCell } from './refCells';
import { ImageCell } from './textCells';

/** A cell by field type when the column names no renderer: option tags, yes/no, dates, references by label. */
export function DefaultCell(props: CellProps) {
  const { value, decl, lang } = props;
  if (value === null || value === undefined || value === '') return <span className="gx-cell-empty">-</span>;
  switch (decl.type) {
    case 'select': case 'boolean': {
      const option = optionOf(decl, value);
      return <Tag color={option?.color}>{displayText(decl, value, lang)}</Tag>;
    }
    case 'ref':
      return <RefLabelCell {...props} />;
    case 'refMany':
      return <RefTagsCell {...props} />;
    case 'image':
      return <ImageCell {...props} />;
    case 'json':
      return <code className="gx-cell-json">{displayText(decl, value, lang)}</code>;
    default:
      return <>{displayText(decl, value, lang)}</>;
  }
}
