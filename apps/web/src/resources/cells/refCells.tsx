import { Space, Tag } from 'antd';
import type { CellProps } from '../types';
import { useRefLabels } from '../refLabels';

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : typeof v === 'number' ? [v] : []);

/** `refLabel`: the referenced row's label (a button's menu, an order's app). */
export function RefLabelCell({ value, decl }: CellProps) {
  const ids = idsOf(value);
  const labels = useRefLabels(decl.ref?.resource, ids);
  if (!ids.length) return <span className="gx-cell-empty">-</span>;
  return <span>{ids.map((id) => labels.get(id)).join(', ')}</span>;
}

/** `refTags`: one tag per referenced row (a user's roles). */
export function RefTagsCell({ value, decl }: CellProps) {
  const ids = idsOf(value);
  const labels = useRefLabels(decl.ref?.resource, ids);
  if (!ids.length) return <span className="gx-cell-empty">-</span>;
  return (
    <Space size={[0, 4]} wrap>
      {ids.map((id) => (
        <Tag key={id}>{labels.get(id)}</Tag>
      ))}
    </Space>
  );
}
