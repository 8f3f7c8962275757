import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Spin, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { COURSE_LECTURERS_MAX, CourseInsertSchema, type AudienceTargetRow, type CourseDetail } from '@hanlin/shared';
import { feedback } from '../../../platform/feedback';
import { ApiError } from '../../../platform/api/client';
import { useSchemaForm, type FormValues, type SchemaFormApi } from '../../../platform/forms/useSchemaForm';
import { LazyRichTextEditor } from '../../../platform/components/LazyRichTextEditor';
import { AudiencePicker, useAudienceBeyondPrompt } from '../../audiences/index';
import { findCertificateOptions, findLecturerOptions, getCourseById, getCourseCategoryTree, insertCourse, updateCourse } from '../api';
import { treeOptions } from '../../../platform/tree-options';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';
import { LabelTagsField } from '../../labels/index';
import { CourseCoverField } from './CourseCoverField';

/** The form of a new course. */
const NEW_COURSE: FormValues<typeof CourseInsertSchema> = {
  labels: [],
  lecturerIds: [],
  credit: 0,
  intro: '',
  required: false,
  passProgress: 100,
  antiCheat: false,
  antiSkip: false,
  audience: [],
};

/** Basic information of a course (`add-course`, `?id=` to edit): the shared `CourseInsertSchema` gives the rules and the body; then the chapters. */
export default function CourseEditPage() {
  const { t } = useTranslation();
  const beyondPrompt = useAudienceBeyondPrompt();
  const { id, params, form, title, page, existing, loading } = useRecordFormPage<FormValues<typeof CourseInsertSchema>, CourseDetail>({
    queryKey: 'courses',
    titleKeys: { add: 'course.addTitle', edit: 'course.editTitle' },
    load: getCourseById,
  });
  const f = useSchemaForm(CourseInsertSchema, { form });
  const [lecturerKeyword, setLecturerKeyword] = useState('');
  const categories = useQuery({ queryKey: ['courses', 'categories'], queryFn: getCourseCategoryTree });
  const lecturers = useQuery({ queryKey: ['courses', 'lecturer-options', lecturerKeyword], queryFn: () => findLecturerOptions({ keyword: lecturerKeyword || undefined }) });
  const certificates = useQuery({ queryKey: ['courses', 'certificate-options'], queryFn: () => findCertificateOptions({}) });
  const antiCheat = Form.useWatch('antiCheat', form);
  const fill = f.fill;

  useEffect(() => {
    const r = existing.data;
    if (r) fill({ ...r, lecturerIds: r.lecturers.map((l) => l.id) });
  }, [existing.data, fill]);

  async function save() {
    const body = await f.read();
    if (!body) return;
    // Without anti-cheat the interval field is hidden: no interval of its own is kept.
    if (!body.antiCheat) body.antiCheatInterval = null;
    await page.save(
      async () => {
        const courseId = id ? (await updateCourse({ ...body, id }), id) : (await insertCourse(body)).id;
        return `/dashboard/add-buildCourse?id=${courseId}`;
      },
      (e) => {
        const audience = (form.getFieldValue('audience') ?? []) as AudienceTargetRow[];
        const retry = (rest: AudienceTargetRow[]) => {
          form.setFieldValue('audience', rest);
          void save();
        };
        if (beyondPrompt(e, audience, retry)) return;
        if (!f.showError(e, { report: false }) && e instanceof ApiError) feedback.message.error(e.text);
      },
    );
  }

  if (loading) return <Spin />;
  return (
    <Card title={title} data-testid="course-edit-page">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        initialValues={{ ...NEW_COURSE, categoryId: Number(params.get('categoryId')) || null }}
        onFinish={() => void save()}
      >
        <Form.Item {...f.item('name')} label={t('course.name')}>
          <Input maxLength={f.maxLength('name')} data-testid="course-name" />
        </Form.Item>
        <Form.Item {...f.item('categoryId')} label={t('course.category.name')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} data-testid="course-category" />
        </Form.Item>
        <Form.Item {...f.item('cover')} label={t('course.cover')} extra={t('course.coverHint')}>
          <CourseCoverField url={existing.data?.coverUrl} />
        </Form.Item>
        <LabelTagsField prefix="course" testId="course-labels" />
        <Form.Item {...f.item('lecturerIds')} label={t('course.lecturers')}>
          <Select
            mode="multiple"
            maxCount={COURSE_LECTURERS_MAX}
            showSearch={{ filterOption: false, onSearch: setLecturerKeyword }}
            options={[...(existing.data?.lecturers ?? []), ...(lecturers.data ?? [])]
              .filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i)
              .map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Space size="large" wrap>
          {/* "Later than now" is the server's rule, on its clock: a refusal lands on this field. */}
          <Form.Item {...f.item('validUntil')} label={t('course.validUntil')}>
            <DatePicker showTime allowClear />
          </Form.Item>
          <Form.Item {...f.item('credit')} label={t('course.credit')}>
            <InputNumber precision={0} data-testid="course-credit" />
          </Form.Item>
          <Form.Item {...f.item('required')} label={t('course.kind')}>
            <Radio.Group
              options={[
                { value: true, label: t('course.compulsory') },
                { value: false, label: t('course.elective') },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item {...f.item('intro')} label={t('course.intro')}>
          <LazyRichTextEditor testId="course-intro" maxText={f.maxLength('intro')} />
        </Form.Item>
        <CoursePassFields f={f} certificates={certificates.data ?? []} antiCheat={!!antiCheat} />
        <Form.Item {...f.item('audience')} label={t('course.audience')} extra={t('course.audienceHint')}>
          <AudiencePicker testId="course-audience" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={page.saving} data-testid="course-submit">
            {t('course.saveAndBuild')}
          </Button>
          <Button onClick={() => page.leave('/dashboard/manage-course')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** Pass conditions, certificate and the anti-cheat settings of a course. */
function CoursePassFields({ f, certificates, antiCheat }: { f: SchemaFormApi<typeof CourseInsertSchema>; certificates: { id: number; name: string }[]; antiCheat: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Space size="large" wrap>
        <Form.Item {...f.item('passProgress')} label={t('course.passProgress')}>
          <InputNumber precision={0} suffix="%" />
        </Form.Item>
        <Form.Item {...f.item('passScore')} label={t('course.passScore')} extra={t('course.passScoreHint')}>
          <InputNumber precision={0} suffix="%" />
        </Form.Item>
        <Form.Item {...f.item('certificateTemplateId')} label={t('course.certificate')}>
          <Select allowClear style={{ minWidth: 200 }} options={certificates.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        <Form.Item {...f.item('antiCheat')} label={t('course.antiCheat')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {antiCheat && (
          <Form.Item {...f.item('antiCheatInterval')} label={t('course.antiCheatInterval')} extra={t('course.antiCheatIntervalHint')}>
            <InputNumber precision={0} suffix={t('course.seconds')} />
          </Form.Item>
        )}
        <Form.Item {...f.item('antiSkip')} label={t('course.antiSkip')} valuePropName="checked" extra={t('course.antiSkipHint')}>
          <Switch />
        </Form.Item>
      </Space>
    </>
  );
}
