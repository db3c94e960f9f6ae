import { useState } from 'react';
import type { FormInstance } from 'antd';
import { validOrFocusFirst } from '../../resources/validateForm';

/**
 * The submit flow of a shell form dialog: close resets the form; submit validates, saves, and hands a refusal to
 * `onError` (which decides whether the dialog closes and the profile reloads, SPEC §4, or the form marks a field).
 */
export function useDialogForm<V>(form: FormInstance<V>, onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submitWith = (save: (values: V) => Promise<void>, onError: (err: unknown) => void) => async () => {
    const values = await validOrFocusFirst(form);
    if (!values) return;
    setSaving(true);
    try {
      await save(values);
    } catch (err) {
      onError(err);
    } finally {
      setSaving(false);
    }
  };
  return { saving, close, submitWith };
}
