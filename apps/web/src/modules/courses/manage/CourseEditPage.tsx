import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Spin, Switch, TreeSelect, Upload } from 'antd';
import { feedback } from '../../../platform/feedback';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CONSTANTS,
  COURSE_CREDIT_MAX,
  COURSE_INTRO_MAX,
  COURSE_LECTURERS_MAX,
  COURSE_NAME_MAX,
  type AudienceTargetRow,
  type CourseDetail,
  type CourseInsert,
} from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { LazyRichTextEditor } from '../components/LazyRichTextEditor';
import { uploadFile } from '../../files/api';
import { AudiencePicker, useAudienceBeyondPrompt } from '../../audiences/components/AudiencePicker';
import { findCertificateOptions, findLecturerOptions, getCourseById, getCourseCategoryTree, insertCourse, updateCourse } from '../api';
import { treeOptions } from '../../../platform/tree-options';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';
import { LabelTagsField } from '../../labels/components/LabelTagsField';

interface Values {
  name: string;
  categoryId?: number | null;
  labels: string[];
  lecturerIds: number[];
  validUntil?: Dayjs | null;
  credit: number;
  intro: string;
  required: boolean;
  passProgress: number;
  passScore?: number | null;
  certificateTemplateId?: number | null;
  antiCheat: boolean;
  antiCheatInterval?: number | null;
  antiSkip: boolean;
  audience: AudienceTargetRow[];
}

/** Basic information of a course (`add-course`, `?id=` to edit): the rules of spec §5 on the client too; then the chapters. */
export default function CourseEditPage() {
  const { t } = useTranslation();
  const beyondPrompt = useAudienceBeyondPrompt();
  const { id, params, form, title, page, existing, loading } = useRecordFormPage<Values, CourseDetail>({
    queryKey: 'courses',
    titleKeys: { add: 'course.addTitle', edit: 'course.editTitle' },
    load: getCourseById,
  });
  const [cover, setCover] = useState<{ ref: string; url: string | null } | null>(null);
  const [lecturerKeyword, setLecturerKeyword] = useState('');
  const categories = useQuery({ queryKey: ['courses', 'categories'], queryFn: getCourseCategoryTree });
  const lecturers = useQuery({ queryKey: ['courses', 'lecturer-options', lecturerKeyword], queryFn: () => findLecturerOptions({ keyword: lecturerKeyword || undefined }) });
  const certificates = useQuery({ queryKey: ['courses', 'certificate-options'], queryFn: () => findCertificateOptions({}) });
  const antiCheat = Form.useWatch('antiCheat', form);

  useEffect(() => {
    const r = existing.data;
    if (!r) return;
    form.setFieldsValue({
      name: r.name,
      categoryId: r.categoryId,
      labels: r.labels,
      lecturerIds: r.lecturers.map((l) => l.id),
      validUntil: r.validUntil ? dayjs(r.validUntil) : null,
      credit: r.credit,
      intro: r.intro,
      required: r.required,
      passProgress: r.passProgress,
      passScore: r.passScore,
      certificateTemplateId: r.certificateTemplateId,
      antiCheat: r.antiCheat,
      antiCheatInterval: r.antiCheatInterval,
      antiSkip: r.antiSkip,
      audience: r.audience,
    });
    setCover(r.cover ? { ref: r.cover, url: r.coverUrl } : null);
  }, [existing.data, form]);

  async function save(v: Values) {
    const body: Omit<CourseInsert, 'audience'> & { audience: AudienceTargetRow[] } = {
      name: v.name,
      categoryId: v.categoryId ?? null,
      cover: cover?.ref ?? null,
      labels: v.labels ?? [],
      lecturerIds: v.lecturerIds ?? [],
      validUntil: v.validUntil ? v.validUntil.toISOString() : null,
      credit: v.credit ?? 0,
      intro: v.intro ?? '',
      required: !!v.required,
      passProgress: v.passProgress ?? 100,
      passScore: v.passScore ?? null,
      certificateTemplateId: v.certificateTemplateId ?? null,
      antiCheat: !!v.antiCheat,
      antiCheatInterval: v.antiCheat ? (v.antiCheatInterval ?? null) : null,
      antiSkip: !!v.antiSkip,
      audience: v.audience ?? [],
    };
    const audience = body.audience.map(({ type, id: targetId }) => ({ type, id: targetId }));
    await page.save(
      async () => {
        let courseId = id;
        if (id) await updateCourse({ ...body, audience, id });
        else courseId = (await insertCourse({ ...body, audience })).id;
        return `/dashboard/add-buildCourse?id=${courseId}`;
      },
      (e) => {
        if (beyondPrompt(e, v.audience ?? [], (rest) => void save({ ...v, audience: rest }).then(() => form.setFieldValue('audience', rest)))) return;
        if (e instanceof ApiError) {
          if (e.field && e.field in v) form.setFields([{ name: e.field as keyof Values, errors: [e.text] }]);
          else feedback.message.error(e.text);
        }
      },
    );
  }

  if (loading) return <Spin />;
  return (
    <Card title={title} data-testid="course-edit-page">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        initialValues={{
          labels: [],
          lecturerIds: [],
          credit: 0,
          intro: '',
          required: false,
          passProgress: 100,
          antiCheat: false,
          antiSkip: false,
          audience: [],
          categoryId: Number(params.get('categoryId')) || null,
        }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="name" label={t('course.name')} rules={[{ required: true, whitespace: true, max: COURSE_NAME_MAX }]}>
          <Input maxLength={COURSE_NAME_MAX} data-testid="course-name" />
        </Form.Item>
        <Form.Item name="categoryId" label={t('course.category.name')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} data-testid="course-category" />
        </Form.Item>
        <Form.Item label={t('course.cover')} extra={t('course.coverHint')}>
          <Space align="start">
            {cover?.url && <img src={cover.url} alt="" style={{ width: 160, height: 90, objectFit: 'cover' }} />}
            <Upload
              accept=".jpg,.jpeg,.png"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(f) => {
                if (f.size >= CONSTANTS.COVER_MAX_BYTES || !/\.(jpe?g|png)$/i.test(f.name)) {
                  feedback.message.error(t('course.coverHint'));
                  return Upload.LIST_IGNORE;
                }
                return true;
              }}
              customRequest={({ file, onSuccess, onError }) => {
                uploadFile({ file: file as File, purpose: 'cover', kind: 'cover' })
                  .then((r) => {
                    setCover({ ref: r.url, url: URL.createObjectURL(file as File) });
                    onSuccess?.(r);
                  })
                  .catch((e: Error) => onError?.(e));
              }}
            >
              <Button data-testid="course-cover">{t('course.chooseCover')}</Button>
            </Upload>
            {cover && <Button onClick={() => setCover(null)}>{t('common.delete')}</Button>}
          </Space>
        </Form.Item>
        <LabelTagsField prefix="course" testId="course-labels" />
        <Form.Item
          name="lecturerIds"
          label={t('course.lecturers')}
          rules={[{ type: 'array', max: COURSE_LECTURERS_MAX, message: t('course.lecturersMax', { count: COURSE_LECTURERS_MAX }) }]}
        >
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
          <Form.Item
            name="validUntil"
            label={t('course.validUntil')}
            rules={[
              {
                validator: async (_, v: Dayjs | null) => {
                  if (v && !v.isAfter(dayjs())) throw new Error(t('course.validLater'));
                },
              },
            ]}
          >
            <DatePicker showTime allowClear disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item name="credit" label={t('course.credit')} rules={[{ required: true, type: 'integer', min: 0, max: COURSE_CREDIT_MAX }]}>
            <InputNumber min={0} max={COURSE_CREDIT_MAX} precision={0} data-testid="course-credit" />
          </Form.Item>
          <Form.Item name="required" label={t('course.kind')}>
            <Radio.Group
              options={[
                { value: true, label: t('course.compulsory') },
                { value: false, label: t('course.elective') },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="intro"
          label={t('course.intro')}
          rules={[
            {
              validator: async (_, v: string = '') => {
                if (v.length > COURSE_INTRO_MAX) throw new Error(t('course.introMax', { count: COURSE_INTRO_MAX }));
              },
            },
          ]}
        >
          <LazyRichTextEditor testId="course-intro" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item
            name="passProgress"
            label={t('course.passProgress')}
            rules={[{ required: true, type: 'integer', min: CONSTANTS.PASS_PERCENT_MIN, max: CONSTANTS.PASS_PERCENT_MAX }]}
          >
            <InputNumber min={CONSTANTS.PASS_PERCENT_MIN} max={CONSTANTS.PASS_PERCENT_MAX} precision={0} suffix="%" />
          </Form.Item>
          <Form.Item
            name="passScore"
            label={t('course.passScore')}
            extra={t('course.passScoreHint')}
            rules={[{ type: 'integer', min: CONSTANTS.PASS_PERCENT_MIN, max: CONSTANTS.PASS_PERCENT_MAX }]}
          >
            <InputNumber min={CONSTANTS.PASS_PERCENT_MIN} max={CONSTANTS.PASS_PERCENT_MAX} precision={0} suffix="%" />
          </Form.Item>
          <Form.Item name="certificateTemplateId" label={t('course.certificate')}>
            <Select allowClear style={{ minWidth: 200 }} options={(certificates.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="antiCheat" label={t('course.antiCheat')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {antiCheat && (
            <Form.Item
              name="antiCheatInterval"
              label={t('course.antiCheatInterval')}
              extra={t('course.antiCheatIntervalHint')}
              rules={[{ type: 'integer', min: 1, max: 86400 }]}
            >
              <InputNumber min={1} max={86400} precision={0} suffix={t('course.seconds')} />
            </Form.Item>
          )}
          <Form.Item name="antiSkip" label={t('course.antiSkip')} valuePropName="checked" extra={t('course.antiSkipHint')}>
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="audience" label={t('course.audience')} extra={t('course.audienceHint')}>
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
