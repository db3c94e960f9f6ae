import type { CellRenderer } from '../types';
import { CentsCell } from './moneyCells';
import { RefLabelCell, RefTagsCell } from './refCells';
import { FileSizeCell, IconCell, ImageCell, OperationActionCell, PermissionTitleCell, RouteTitleCell } from './textCells';

/** The cell renderers every page may name by `ColumnDecl.render`; a page's own parts may add to or override them. */
export const genericCells: Record<string, CellRenderer> = {
  refTags: RefTagsCell,
  refLabel: RefLabelCell,
  routeTitle: RouteTitleCell,
  icon: IconCell,
  image: ImageCell,
  permissionTitle: PermissionTitleCell,
  operationAction: OperationActionCell,
  cents: CentsCell,
  fileSize: FileSizeCell,
};
