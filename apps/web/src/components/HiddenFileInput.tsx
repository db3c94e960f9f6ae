import type { Ref } from 'react';

interface Props {
  ref?: Ref<HTMLInputElement>;
  accept: string;
  /** Its accessible name (a screen reader reaches it through the button that opens it). */
  label?: string;
  testId: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * The file input behind an upload button: never seen, opened by the button through `ref`, the chosen files handed
 * to `onFiles`, then emptied so the same file can be chosen again after a refusal.
 */
export function HiddenFileInput({ ref, accept, label, testId, multiple, onFiles }: Props) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      multiple={multiple}
      className="gx-visually-hidden"
      tabIndex={-1}
      aria-label={label}
      data-testid={testId}
      onChange={(e) => {
        onFiles([...(e.target.files ?? [])]);
        e.target.value = '';
      }}
    />
  );
}
