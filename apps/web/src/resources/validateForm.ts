import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';

/** A form's name as antd uses it for control ids: unique per resource and purpose, so no two controls share an id. */
export function formName(purpose: 'form' | 'filter' | 'action', resourceKey: string): string {
  return `${purpose}-${resourceKey.replace(/\./g, '-')}`;
}

/**
 * The form's values, or null when a field is invalid: failing validation is a normal outcome, not an error, so it
 * is never thrown on; the first invalid field scrolls into view and takes the focus, its message beside it. Every
 * form of the console submits through this (resource forms, action forms, shell and area dialogs). `name` is the
 * form's `name` where it has one (its controls' ids); without it antd's own field focus is used.
 */
export async function validOrFocusFirst<V>(form: FormInstance<V>, name?: string): Promise<V | null> {
  try {
    return await form.validateFields();
  } catch (e) {
    const first = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
    if (!first) throw e;
    form.scrollToField(first.name, { block: 'center' });
    // antd names a field's control `<form name>_<field path>`.
    const control = name ? document.getElementById([name, ...first.name].join('_')) : null;
    const focusable = control?.matches('input, textarea, select, button, [tabindex]') ? control : control?.querySelector<HTMLElement>('input, textarea, [tabindex]');
    if (focusable) focusable.focus();
    else form.focusField(first.name);
    return null;
  }
}

/** A required field's rule whose message names the field ("Please enter Version"), as the resource forms say it. */
export function requiredRule(t: TFunction, label: string) {
  return { required: true, whitespace: true, message: t('resource.requiredField', { label }) };
}
