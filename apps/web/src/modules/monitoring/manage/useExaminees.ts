import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ExamineeState } from '@hanlin/shared';
import { findExaminees } from '../api';

/** Refreshed this often while the page is open: the examinees' state, progress and photos live without reloading. */
export const MONITORING_POLL_MS = 5000;

/** One exam's examinees (`?id=`), polled; state and name filters, paging. */
export function useExaminees(size: number) {
  const [params] = useSearchParams();
  const examId = Number(params.get('id')) || 0;
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ExamineeState | undefined>();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['monitoring', 'examinees', examId, page, size, state, keyword],
    queryFn: () => findExaminees({ examId, page, size, state, keyword: keyword || undefined }),
    enabled: examId > 0,
    refetchInterval: MONITORING_POLL_MS,
    placeholderData: keepPreviousData,
  });
  return { examId, q, page, setPage, state, setState, keyword, setKeyword };
}
