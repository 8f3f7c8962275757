import { Switch } from 'antd';

/** A yes/no form control (Form.Item passes `value`, Switch wants `checked`). */
export function YesNo({ value, onChange, testId, id }: { value?: boolean; onChange?: (v: boolean) => void; testId?: string; id?: string }) {
  return <Switch id={id} checked={!!value} onChange={(v) => onChange?.(v)} data-testid={testId} />;
}
