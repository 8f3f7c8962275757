import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Space, Spin, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_COURSE_ATTACHMENTS_MAX, TRAIN_COURSE_LECTURERS_MAX, TrainCourseCreateSchema, type TrainCourseDetail } from '@hanlin/shared';
import { feedback } from '../../../platform/feedback';
import { ApiError } from '../../../platform/api/client';
import { useSchemaForm, type FormValues } from '../../../platform/forms/useSchemaForm';
import { LazyRichTextEditor } from '../../../platform/components/LazyRichTextEditor';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';
import { treeOptions } from '../../../platform/tree-options';
import { ImageUpload } from '../../uploads/index';
import { getTrainCourse, getTrainCourseCategoryTree, insertTrainCourse, updateTrainCourse } from '../api';
import { AttachmentsField } from '../components/AttachmentsField';
import { LecturerSelect } from '../components/LecturerSelect';

const LIST = '/dashboard/manage-train-course';
const NEW_COURSE: FormValues<typeof TrainCourseCreateSchema> = { lecturerIds: [], audience: '', objectives: '', outline: '', attachments: [], cover: null };

/** `add-train-course`: a new face-to-face course, or `?id=` to see and edit one; the shared `TrainCourseCreateSchema` gives the rules and the body. */
export default function TrainCourseEditPage() {
  const { t } = useTranslation();
  const { id, params, form, title, page, existing, loading } = useRecordFormPage<FormValues<typeof TrainCourseCreateSchema>, TrainCourseDetail>({
    queryKey: 'train-course',
    titleKeys: { add: 'trainCourse.add', edit: 'trainCourse.edit' },
    load: getTrainCourse,
  });
  const f = useSchemaForm(TrainCourseCreateSchema, { form });
  const categories = useQuery({ queryKey: ['train-course', 'categories'], queryFn: getTrainCourseCategoryTree });
  const fill = f.fill;
  const r = existing.data;

  useEffect(() => {
    if (r) fill({ ...r, lecturerIds: r.lecturers.map((l) => l.id), attachments: r.attachments.map((a) => a.ref) });
  }, [r, fill]);

  async function save() {
    const body = await f.read();
    if (!body) return;
    await page.save(
      async () => {
        if (id) await updateTrainCourse({ ...body, categoryId: body.categoryId ?? null, cover: body.cover ?? null, id });
        else await insertTrainCourse(body);
        return LIST;
      },
      (e) => {
        if (!f.showError(e, { report: false }) && e instanceof ApiError) feedback.message.error(e.text);
      },
    );
  }

  if (loading) return <Spin />;
  return (
    <Card title={title} data-testid="train-course-edit-page">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        initialValues={{ ...NEW_COURSE, categoryId: Number(params.get('categoryId')) || null }}
        onFinish={() => void save()}
      >
        <Form.Item {...f.item('name')} label={t('trainCourse.name')}>
          <Input maxLength={f.maxLength('name')} showCount data-testid="train-course-name" />
        </Form.Item>
        <Space size="large" wrap align="start">
          <Form.Item {...f.item('categoryId')} label={t('trainCourse.category.name')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} style={{ minWidth: 240 }} data-testid="train-course-category" />
          </Form.Item>
          <Form.Item {...f.item('hours')} label={t('trainCourse.hours')} extra={t('trainCourse.hoursHint')}>
            <InputNumber min={0.1} step={0.5} precision={1} data-testid="train-course-hours" />
          </Form.Item>
        </Space>
        <Form.Item {...f.item('lecturerIds')} label={t('trainCourse.lecturers')} extra={t('trainCourse.lecturersHint', { max: TRAIN_COURSE_LECTURERS_MAX })}>
          <LecturerSelect multiple max={TRAIN_COURSE_LECTURERS_MAX} initial={r?.lecturers} testId="train-course-lecturers" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item {...f.item('audience')} label={t('trainCourse.audience')}>
          <Input maxLength={f.maxLength('audience')} showCount data-testid="train-course-audience" />
        </Form.Item>
        <Form.Item {...f.item('cover')} label={t('trainCourse.cover')} extra={t('trainCourse.coverHint')}>
          <ImageUpload purpose="cover" previewUrl={r?.coverUrl} testId="train-course-cover" />
        </Form.Item>
        <Form.Item {...f.item('objectives')} label={t('trainCourse.objectives')}>
          <LazyRichTextEditor testId="train-course-objectives" maxText={f.maxLength('objectives')} />
        </Form.Item>
        <Form.Item {...f.item('outline')} label={t('trainCourse.outline')}>
          <LazyRichTextEditor testId="train-course-outline" maxText={f.maxLength('outline')} />
        </Form.Item>
        <Form.Item {...f.item('attachments')} label={t('trainCourse.attachments')} extra={t('trainCourse.attachmentsHint', { max: TRAIN_COURSE_ATTACHMENTS_MAX })}>
          <AttachmentsField known={r?.attachments} max={TRAIN_COURSE_ATTACHMENTS_MAX} testId="train-course-attach" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={page.saving} data-testid="train-course-submit">
            {t('common.save')}
          </Button>
          <Button onClick={() => page.leave(LIST)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
