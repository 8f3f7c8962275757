import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../platform/api/errors';

/** A student-center result page's id: the route's `:name` or else `?name=`; 0 when absent. */
function useResultId(name: string): number {
  const [search] = useSearchParams();
  return Number(useParams()[name] ?? search.get(name)) || 0;
}

/** A result of my own read by the page's id (`idName`) under `['exams', key, id]`; not retried, since a refusal (403) means the exam does not show it. */
export function useOwnResult<T>(idName: string, key: string, read: (id: number) => Promise<T>) {
  const id = useResultId(idName);
  return useQuery({ queryKey: ['exams', key, id], queryFn: () => read(id), enabled: id > 0, retry: false });
}

/** In place of a result that did not load: `hiddenKey` when the exam does not show it (403), else "not found". */
export function ResultUnavailable({ error, hiddenKey, testId }: { error: unknown; hiddenKey: string; testId: string }) {
  const { t } = useTranslation();
  return <Empty data-testid={testId} description={error instanceof ApiError && error.status === 403 ? t(hiddenKey) : t('common.notFound')} />;
}
