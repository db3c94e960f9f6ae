import { Space, Tag, Tooltip } from 'antd';
import type { CellProps } from '../types';
import { useRefLabels } from '../refLabels';

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : typeof v === 'number' ? [v] : []);

/** `refLabel`: the referenced row's label (a button's menu, an order's app). */
export function RefLabelCell({ value, decl }: CellProps) {
  const ids = idsOf(value);
  const labels = useRefLabels(decl.ref?.resource, ids);
  if (!ids.length) return <span className="gx-cell-empty">-</span>;
  return <span>{ids.map((id) => labels.get(id) ?? `#${id}`).join(', ')}</span>;
}

/** `refTags`: one tag per referenced row (a user's roles); a name too long for the cell ends in an ellipsis, whole on hover. */
export function RefTagsCell({ value, decl }: CellProps) {
  const ids = idsOf(value);
  const labels = useRefLabels(decl.ref?.resource, ids);
  if (!ids.length) return <span className="gx-cell-empty">-</span>;
  return (
    <Space size={[0, 4]} wrap className="gx-ref-tags">
      {ids.map((id) => {
        const label = labels.get(id) ?? `#${id}`;
        return (
          <Tooltip key={id} title={label} mouseEnterDelay={0.4}>
            <Tag className="gx-ref-tag">{label}</Tag>
          </Tooltip>
        );
      })}
    </Space>
  );
}
