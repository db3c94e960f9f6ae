import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, InputNumber, Select, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PRIZE_KIND_NONE, PRIZE_KIND_PRIZE, PRIZES_MAX, WEIGHT_TOTAL_BP, weightBp, type PrizeInput } from '@gx/contract';
import { ApiError } from '../../../api/errors';
import { useCan } from '../../../components/Can';
import type { TabProps } from '../../../resources/types';
import { validOrFocusFirst } from '../../../resources/validateForm';
import { fetchPrizes, savePrizes } from '../api';

interface EditedPrize { id?: number; name?: string; kind?: number; stock?: number; weight?: number; per_user_limit?: number; won?: number }
interface PrizeForm { prizes: EditedPrize[] }

const SAVE_KEY = 'marketing.prize_settings.prizes';

/**
 * The prizes of one draw, edited as one set: the probabilities must add up to exactly 100 % (the server refuses
 * anything else, naming `prizes`), shown as a running total while editing.
 */
export function PrizeEditor({ row, resource }: TabProps) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PrizeForm>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editable = can(SAVE_KEY);
  const prizes = useQuery({ queryKey: [resource.key, 'prizes', row.id], queryFn: () => fetchPrizes(row.id) });

  useEffect(() => {
    if (prizes.data) form.setFieldsValue({ prizes: prizes.data });
  }, [prizes.data, form]);

  const watched = Form.useWatch('prizes', form) ?? [];
  const totalBp = watched.reduce((s, p) => s + (typeof p?.weight === 'number' ? weightBp(p.weight) : 0), 0);

  const save = async () => {
    setRefusal(null);
    const values = await validOrFocusFirst(form);
    if (!values) return;
    setSaving(true);
    try {
      const body: PrizeInput[] = (values.prizes ?? []).map((p) => ({
        ...(p.id ? { id: p.id } : {}),
        name: p.name ?? '', kind: p.kind === PRIZE_KIND_NONE ? PRIZE_KIND_NONE : PRIZE_KIND_PRIZE, stock: p.kind === PRIZE_KIND_NONE ? 0 : p.stock ?? 0,
        weight: p.weight ?? 0, per_user_limit: p.per_user_limit ?? 0,
      }));
      const saved = await savePrizes(row.id, body);
      queryClient.setQueryData([resource.key, 'prizes', row.id], saved);
      void queryClient.invalidateQueries({ queryKey: [resource.key] });
    } catch (e) {
      if (e instanceof ApiError && e.field) {
        const m = /^prizes\.(\d+)\.(\w+)$/.exec(e.field);
        if (m) form.setFields([{ name: ['prizes', Number(m[1]), m[2] as keyof EditedPrize], errors: [e.message] }]);
        else setRefusal(e.message);
      }
    } finally {
      setSaving(false);
    }
  };

  if (prizes.isLoading) return <Spin />;
  return (
    <Form form={form} name={`prizes-${row.id}`} layout="vertical" disabled={!editable} data-testid="prize-editor" className="gx-prize-editor">
      <Form.List name="prizes">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && <Empty description={t('marketing.prizes.empty')} />}
            {fields.map(({ key, name }) => (
              <Space key={key} align="start" wrap data-testid={`prize-row-${name}`} className="gx-prize-row">
                <Form.Item name={[name, 'id']} hidden noStyle><Input /></Form.Item>
                <Form.Item name={[name, 'name']} label={t('marketing.prizes.name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
                  <Input data-testid={`prize-name-${name}`} maxLength={64} />
                </Form.Item>
                <Form.Item name={[name, 'kind']} label={t('marketing.prizes.kind')} initialValue={PRIZE_KIND_PRIZE}>
                  <Select
                    data-testid={`prize-kind-${name}`}
                    style={{ width: 150 }}
                    options={[
                      { value: PRIZE_KIND_PRIZE, label: t('marketing.prizes.kindPrize') },
                      { value: PRIZE_KIND_NONE, label: t('marketing.prizes.kindNone') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name={[name, 'stock']} label={t('marketing.prizes.stock')} initialValue={0} rules={[{ required: true }]}>
                  <InputNumber data-testid={`prize-stock-${name}`} min={0} max={10_000_000} precision={0} />
                </Form.Item>
                <Form.Item name={[name, 'weight']} label={t('marketing.prizes.weight')} rules={[{ required: true }]}>
                  <InputNumber data-testid={`prize-weight-${name}`} min={0} max={100} precision={2} step={1} />
                </Form.Item>
                <Form.Item name={[name, 'per_user_limit']} label={t('marketing.prizes.perUserLimit')} tooltip={t('marketing.prizes.perUserLimitHelp')} initialValue={0}>
                  <InputNumber data-testid={`prize-limit-${name}`} min={0} max={1000} precision={0} />
                </Form.Item>
                <Form.Item label={t('marketing.prizes.won')}>
                  <Typography.Text>{watched[name]?.won ?? 0}</Typography.Text>
                </Form.Item>
                <Form.Item label=" ">
                  <Button icon={<DeleteOutlined />} aria-label={t('marketing.prizes.remove')} data-testid={`prize-remove-${name}`} onClick={() => remove(name)} />
                </Form.Item>
              </Space>
            ))}
            {editable && (
              <Button icon={<PlusOutlined />} onClick={() => add({ kind: PRIZE_KIND_PRIZE, stock: 0, per_user_limit: 0 })} disabled={fields.length >= PRIZES_MAX} data-testid="prize-add">
                {t('marketing.prizes.add')}
              </Button>
            )}
          </>
        )}
      </Form.List>
      <Typography.Paragraph type={totalBp === WEIGHT_TOTAL_BP ? 'success' : 'danger'} strong data-testid="prize-total" style={{ marginTop: 16 }}>
        {t('marketing.prizes.total', { total: (totalBp / 100).toFixed(2) })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('marketing.prizes.totalHint')}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="prize-refusal" style={{ marginBottom: 16 }} />}
      {editable && (
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="prize-save">
          {t('marketing.prizes.save')}
        </Button>
      )}
    </Form>
  );
}
