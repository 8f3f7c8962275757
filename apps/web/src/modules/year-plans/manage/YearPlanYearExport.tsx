import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, InputNumber, Popover, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { YEAR_PLAN_YEAR_MAX, YEAR_PLAN_YEAR_MIN } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { exportYearPlanOverview } from '../api';

/** The year overview as Excel: the year filtered on the list, else the one picked here. */
export function YearPlanYearExport({ year }: { year?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number | null>(year ?? new Date().getFullYear());
  const run = useMutation({
    mutationFn: (y: number) => exportYearPlanOverview({ year: y }),
    onSuccess: (file) => {
      setOpen(false);
      saveDownload(file);
    },
  });
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o && year) setPicked(year);
      }}
      trigger="click"
      title={t('yearPlans.exportYearPick')}
      content={
        <Space>
          <InputNumber min={YEAR_PLAN_YEAR_MIN} max={YEAR_PLAN_YEAR_MAX} precision={0} value={picked} onChange={setPicked} data-testid="year-plan-export-year-input" />
          <Button type="primary" disabled={!picked} loading={run.isPending} onClick={() => picked && run.mutate(picked)} data-testid="year-plan-export-year-ok">
            {t('yearPlans.exportYear')}
          </Button>
        </Space>
      }
    >
      <Button data-testid="year-plan-export-year">{t('yearPlans.exportYear')}</Button>
    </Popover>
  );
}
