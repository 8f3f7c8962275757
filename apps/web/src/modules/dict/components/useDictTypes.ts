import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictTypeRow } from '@hanlin/shared';
import { findDictTypes } from '../api';

/** The dictionary types, and the name a type shows in the interface (built-in ones are translated). */
export function useDictTypes() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['dict', 'types'], queryFn: findDictTypes, staleTime: 30_000 });
  const nameOf = useCallback((r: Pick<DictTypeRow, 'code' | 'name' | 'builtin'>) => (r.builtin ? t(`dict.builtinType.${r.code}`, { defaultValue: r.name }) : r.name), [t]);
  return { types: q.data ?? [], nameOf, refresh: q.refetch };
}
