import { useState } from 'react';
import { Button, Empty, Flex, Segmented, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../platform/useDebounced';
import { searchAssignableCourses } from '../api';

/** A course of the assignment as the form holds it. */
export interface PickedCourse {
  courseId: number;
  name: string;
  required: boolean;
}

export interface CoursePickerProps {
  value?: readonly PickedCourse[];
  onChange?: (value: PickedCourse[]) => void;
  testId?: string;
}

/** Published courses searched by name, each marked required or elective, in the order picked. */
export function CoursePicker({ value = [], onChange, testId = 'assignment-courses' }: CoursePickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword);
  const { data = [], isFetching } = useQuery({
    queryKey: ['learn-assign-courses', debounced],
    queryFn: () => searchAssignableCourses({ keyword: debounced || undefined, limit: 20 }),
    staleTime: 30_000,
  });
  const chosen = new Set(value.map((c) => c.courseId));
  const add = (id: number) => {
    const c = data.find((d) => d.id === id);
    if (!c || chosen.has(id)) return;
    onChange?.([...value, { courseId: c.id, name: c.name, required: c.required }]);
    setKeyword('');
  };
  const setRequired = (courseId: number, required: boolean) => onChange?.(value.map((c) => (c.courseId === courseId ? { ...c, required } : c)));
  const remove = (courseId: number) => onChange?.(value.filter((c) => c.courseId !== courseId));

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Select
        data-testid={`${testId}-search`}
        showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
        value={null}
        placeholder={t('assignment.searchCourse')}
        loading={isFetching}
        notFoundContent={isFetching ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assignment.noCourse')} />}
        onChange={(id: number) => add(id)}
        options={data.map((c) => ({ value: c.id, disabled: chosen.has(c.id), label: c.name }))}
        style={{ width: '100%' }}
      />
      {value.length === 0 && <Typography.Text type="secondary">{t('assignment.noCoursePicked')}</Typography.Text>}
      {value.map((c) => (
        <Flex key={c.courseId} gap={8} align="center" wrap data-testid={`${testId}-item-${c.courseId}`}>
          <Typography.Text style={{ flex: 1, minWidth: 160 }}>{c.name}</Typography.Text>
          <Segmented
            size="small"
            value={c.required ? 'required' : 'elective'}
            onChange={(v) => setRequired(c.courseId, v === 'required')}
            options={[
              { value: 'required', label: t('assignment.required') },
              { value: 'elective', label: t('assignment.elective') },
            ]}
            data-testid={`${testId}-kind-${c.courseId}`}
          />
          <Button size="small" type="link" danger onClick={() => remove(c.courseId)} data-testid={`${testId}-remove-${c.courseId}`}>
            {t('common.delete')}
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}
