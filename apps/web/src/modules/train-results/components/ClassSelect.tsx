import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TrainClassPicker } from '../../train-classes/index';

/** The class picker of the results pages: the train-classes module's picker (classes in the caller's scope). */
export function ClassSelect({ value, onChange, mode }: { value: number | undefined; onChange: (id: number | undefined) => void; mode?: 'mixed' }) {
  const { t } = useTranslation();
  return (
    <TrainClassPicker
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      mode={mode}
      placeholder={t('trainResults.pickClass')}
      style={{ width: 360, maxWidth: '100%' }}
      testId="train-result-class-select"
    />
  );
}

/** The class chosen on a page, kept in the URL (`?classId=`), so a page can be linked. */
export function useClassParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('classId')) || undefined;
  const set = (v: number | undefined) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (v) next.set('classId', String(v));
        else next.delete('classId');
        return next;
      },
      { replace: true },
    );
  return [id, set];
}

export const yuan = (fen: number | null | undefined) => (fen == null ? '–' : (fen / 100).toFixed(2));
export const pct = (v: number | null | undefined) => (v == null ? '–' : `${v}%`);
