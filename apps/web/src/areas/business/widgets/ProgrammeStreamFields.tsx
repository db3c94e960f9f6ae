import { Checkbox, DatePicker, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { WEEKDAYS, WEEKDAY_LABELS, programmeStreamResource } from '@gx/contract';
import { requestData } from '../../../api/request';
import type { CellProps, FormWidget, WidgetProps } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';

/**
 * The programme stream form's controls: the organisation's programmes and screens (from the resource's own
 * `options`, so the screen picker offers screens only), the days of the week, a calendar date and a time of day
 * written as the server takes them (`YYYY-MM-DD`, `HH:MM`).
 */

interface StreamOptions { programmes: { id: number; name: string }[]; screens: { id: number; name: string; serial: string }[] }

function useStreamOptions() {
  return useQuery({
    queryKey: [programmeStreamResource.key, 'options'],
    queryFn: () => requestData<StreamOptions>(programmeStreamResource.path, { method: 'options' }, { loading: false, quietSuccess: true }),
    staleTime: 30_000,
  });
}

function ProgrammeControl({ field, decl, value, onChange }: WidgetProps) {
  const lang = useLang();
  const { data, isFetching } = useStreamOptions();
  const options = (data?.programmes ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (typeof value === 'number' && !options.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select<number> value={typeof value === 'number' ? value : undefined} onChange={(v) => onChange?.(v ?? null)} options={options} loading={isFetching}
      showSearch={{ optionFilterProp: 'label' }} placeholder={pick(decl.label, lang)} aria-label={pick(decl.label, lang)} data-testid={`field-${field}`} />
  );
}

function ScreensControl({ field, decl, value, onChange }: WidgetProps) {
  const lang = useLang();
  const { data, isFetching } = useStreamOptions();
  const chosen = Array.isArray(value) ? (value as number[]) : [];
  const options = (data?.screens ?? []).map((s) => ({ value: s.id, label: s.name ? `${s.name} (${s.serial})` : s.serial }));
  for (const id of chosen) if (!options.some((o) => o.value === id)) options.push({ value: id, label: `#${id}` });
  return (
    <Select<number[]> mode="multiple" value={chosen} onChange={(v) => onChange?.(v)} options={options} loading={isFetching}
      showSearch={{ optionFilterProp: 'label' }} placeholder={pick(decl.label, lang)} aria-label={pick(decl.label, lang)} data-testid={`field-${field}`} />
  );
}

function WeekdaysControl({ field, value, onChange }: WidgetProps) {
  const lang = useLang();
  return (
    <Checkbox.Group value={Array.isArray(value) ? (value as number[]) : []} onChange={(v) => onChange?.([...v].sort((a, b) => a - b))}
      options={WEEKDAYS.map((d) => ({ value: d, label: pick(WEEKDAY_LABELS[d], lang) }))} data-testid={`field-${field}`} />
  );
}

function DateControl({ field, decl, value, onChange }: WidgetProps) {
  const lang = useLang();
  const v = typeof value === 'string' && value ? dayjs(value, 'YYYY-MM-DD') : null;
  return (
    <DatePicker value={v} format="YYYY-MM-DD" onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')} style={{ width: '100%' }}
      placeholder={pick(decl.placeholder, lang)} data-testid={`field-${field}`} />
  );
}

function TimeControl({ field, decl, value, onChange }: WidgetProps) {
  const lang = useLang();
  const v = typeof value === 'string' && value ? dayjs(`2000-01-01T${value}`) : null;
  return (
    <TimePicker value={v} format="HH:mm" minuteStep={5} needConfirm={false} onChange={(d) => onChange?.(d ? d.format('HH:mm') : '')}
      style={{ width: '100%' }} placeholder={pick(decl.placeholder, lang)} data-testid={`field-${field}`} />
  );
}

/** The chosen days as their short names, Monday first. */
export function WeekdaysCell({ value, lang }: CellProps) {
  const days = Array.isArray(value) ? (value as number[]) : [];
  return <>{days.map((d) => (WEEKDAY_LABELS[d] ? WEEKDAY_LABELS[d][lang] : String(d))).join(' ')}</>;
}

export const programmeStreamWidgets: Record<string, FormWidget> = {
  streamProgramme: { Control: ProgrammeControl },
  streamScreens: { Control: ScreensControl },
  weekdays: { Control: WeekdaysControl },
  calendarDate: { Control: DateControl },
  clockTime: { Control: TimeControl },
};
