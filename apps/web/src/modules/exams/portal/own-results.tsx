import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../platform/api/errors';

/** A student-center result page's id: the route's `:name` or else `?name=`; 0 when absent. */
export function useResultId(name: string): number {
  const [search] = useSearchParams();
  return Number(useParams()[name] ?? search.get(name)) || 0;
}

/** In place of a result that did not load: `hiddenKey` when the exam does not show it (403), else "not found". */
export function ResultUnavailable({ error, hiddenKey, testId }: { error: unknown; hiddenKey: string; testId: string }) {
  const { t } = useTranslation();
  return <Empty data-testid={testId} description={error instanceof ApiError && error.status === 403 ? t(hiddenKey) : t('common.notFound')} />;
}
