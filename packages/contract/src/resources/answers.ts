/** Answers of the resource engine's methods that both apps read: defined once, here. */

export interface PickerOption {
  value: number;
  label: string;
  parent?: number | null;
}

/** `select`: at most PICKER_LIMIT options; `more` means there are others and the user should refine the search. */
export interface PickerAnswer {
  list: PickerOption[];
  more: boolean;
  limit: number;
}

/** `export`: the file inside the envelope, so it travels like every other answer. */
export interface ExportAnswer {
  filename: string;
  mimetype: string;
  /** The file, base64-encoded. */
  content: string;
  rows: number;
}

/** One problem of a refused import: spreadsheet row (1 is the header), column (field name or header) and text. */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

/** `data` of a refused import (code 1001, field `file`): the first problems and how many there were. */
export interface ImportRefusal {
  errors: ImportProblem[];
  total: number;
}
