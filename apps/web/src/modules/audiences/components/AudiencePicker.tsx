import { useMemo, useRef, useState, type RefObject } from 'react';
import { Empty, Flex, Segmented, Select, Space, Tag, Typography, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_TARGET_TYPES, required, type AudienceTarget, type AudienceTargetRow, type AudienceTargetType } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { showSaveError } from '../../../platform/forms/server-errors';
import { useDebounced } from '../../../platform/useDebounced';
import { searchAudience } from '../api';
import { useFeedback } from '../../../platform/feedback';

const COLORS: Record<AudienceTargetType, string> = { user: 'blue', org: 'green', position: 'purple', group: 'orange' };
const key = (t: AudienceTarget) => `${t.type}:${t.id}`;

export interface AudiencePickerProps {
  /** Targets as the server shows them (with names) or as picked. */
  value?: readonly AudienceTargetRow[];
  onChange?: (value: AudienceTargetRow[]) => void;
  disabled?: boolean;
  /** Prefix of the test ids (`<testId>-type`, `<testId>-search`, `<testId>-tag-<type>-<id>`). */
  testId?: string;
}

/**
 * The open audience of a course, an assignment, a notice or an exam: people, organizations (with
 * their subtrees), positions and learning groups, searched by name within the caller's data scope.
 * An empty audience means nobody but the administrators sees the record.
 */
export function AudiencePicker({ value = [], onChange, disabled, testId = 'audience' }: AudiencePickerProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<AudienceTargetType>('org');
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword);
  const { data = [], isFetching } = useQuery({
    queryKey: ['audience-search', type, debounced],
    queryFn: () => searchAudience({ type, keyword: debounced || undefined, limit: 20 }),
    staleTime: 30_000,
  });
  const chosen = useMemo(() => new Set(value.map(key)), [value]);
  const add = (id: number) => {
    const c = data.find((d) => d.id === id);
    if (!c || chosen.has(key(c))) return;
    onChange?.([...value, { type: c.type, id: c.id, name: c.name }]);
    setKeyword('');
  };
  const remove = (target: AudienceTarget) => onChange?.(value.filter((v) => key(v) !== key(target)));

  return (
    <Flex vertical gap={8} data-testid={testId}>
      {!disabled && (
        <Space.Compact block>
          <Segmented
            data-testid={`${testId}-type`}
            value={type}
            onChange={(v) => setType(v)}
            options={AUDIENCE_TARGET_TYPES.map((v) => ({ value: v, label: t(`audience.type_${v}`) }))}
          />
        </Space.Compact>
      )}
      {!disabled && (
        <Select
          data-testid={`${testId}-search`}
          showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
          value={null}
          placeholder={t('audience.searchPlaceholder', { type: t(`audience.type_${type}`) })}
          loading={isFetching}
          notFoundContent={isFetching ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audience.noMatch')} />}
          onChange={(id: number) => add(id)}
          options={data.map((c) => ({
            value: c.id,
            disabled: chosen.has(key(c)),
            label: (
              <span>
                {c.name}
                {c.detail ? <Typography.Text type="secondary"> · {c.detail}</Typography.Text> : null}
              </span>
            ),
          }))}
          style={{ width: '100%' }}
        />
      )}
      <Flex wrap gap={4} data-testid={`${testId}-tags`}>
        {value.length === 0 && <Typography.Text type="secondary">{t('audience.empty')}</Typography.Text>}
        {value.map((v) => (
          <Tag
            key={key(v)}
            color={COLORS[v.type]}
            closable={!disabled}
            onClose={(e) => {
              e.preventDefault();
              remove(v);
            }}
            data-testid={`${testId}-tag-${v.type}-${v.id}`}
          >
            {t(`audience.type_${v.type}`)}: {v.name ?? t('audience.deleted', { id: v.id })}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}

/** The targets the server named as beyond the caller's data scope, or null for any other failure. */
export function audienceBeyondOf(e: unknown): AudienceTarget[] | null {
  if (!(e instanceof ApiError) || e.name !== 'NO_DATA_PERMISSION_ERROR' || e.field !== 'audience') return null;
  const beyond = e.dataField('beyond');
  return Array.isArray(beyond) && beyond.length ? beyond : null;
}

/**
 * Spec: an audience naming people beyond the administrator's authority triggers a replace prompt.
 * `save(audience)` is retried without them when the administrator agrees; answers whether the
 * error was such a refusal (else the caller reports it).
 */
export function useAudienceBeyondPrompt() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const pending = useRef(false);
  // The targets as the form holds them: named when the server showed them, bare when a parsed body holds them.
  return <T extends AudienceTarget & { name?: string | null }>(e: unknown, audience: readonly T[], save: (audience: T[]) => void): boolean => {
    const beyond = audienceBeyondOf(e);
    if (!beyond || pending.current) return !!beyond;
    pending.current = true;
    const out = new Set(beyond.map(key));
    const rest = audience.filter((a) => !out.has(key(a)));
    const names = audience.filter((a) => out.has(key(a))).map((a) => a.name ?? `#${a.id}`);
    modal.confirm({
      title: t('audience.beyondTitle'),
      content: t('audience.beyondReplace', { n: beyond.length, names: names.join('、') }),
      okText: t('audience.replace'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'audience-replace-ok' },
      onOk: () => save(rest),
      afterClose: () => {
        pending.current = false;
      },
    });
    return true;
  };
}

/**
 * The save of a form holding `audience` (field name `audience`): `guarded(publish, save)` runs it; a refusal naming
 * targets beyond the caller offers to drop them and `resubmit(publish)`, any other lands on its field (`onRefused`
 * first, e.g. to show the step holding it). The refusal is thrown on either way.
 */
export function useAudienceGuard(formRef: RefObject<FormInstance | null>, resubmit: RefObject<(publish: boolean) => void>, onRefused?: (e: unknown) => void) {
  const beyondPrompt = useAudienceBeyondPrompt();
  return async function guarded<T>(publish: boolean, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (e) {
      const form = required(formRef.current, 'the form of the audience');
      const audience = (form.getFieldValue('audience') ?? []) as AudienceTargetRow[];
      const prompted = beyondPrompt(e, audience, (rest) => {
        form.setFieldValue('audience', rest);
        resubmit.current(publish);
      });
      if (!prompted) {
        onRefused?.(e);
        showSaveError(form, e);
      }
      throw e;
    }
  };
}
