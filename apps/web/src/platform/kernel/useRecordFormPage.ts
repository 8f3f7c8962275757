import { useQuery, skipToken } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormPage } from './useLeaveGuard';

/**
 * A form page of its own (not `useRecordEditor`) that adds a record, or edits the one of `?id=`: the id (null when
 * adding), the search parameters, the form, its title (`titleKeys`), the page shell (`useFormPage` saving under
 * `queryKey`) and the record loaded under `[queryKey, 'one', id]` (`loading` while it comes).
 */
export function useRecordFormPage<V, R>(o: { queryKey: string; titleKeys: { add: string; edit: string }; load: (input: { id: number }) => Promise<R> }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<V>();
  const title = t(id ? o.titleKeys.edit : o.titleKeys.add);
  // Names the tab, asks before a half-filled form is left, closes the tab once saved or cancelled.
  const existing = useQuery({ queryKey: [o.queryKey, 'one', id], queryFn: id ? () => o.load({ id }) : skipToken });
  const page = useFormPage({ form, title, queryKey: o.queryKey, ready: !id || existing.isSuccess });
  return { id, params, form, title, page, existing, loading: !!id && existing.isLoading };
}
