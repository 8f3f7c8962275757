import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Spin, Switch, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COURSEWARE_TYPES, type CoursewareRow, type CoursewareType, type UploadResult } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { FileUpload } from '../../media/components/FileUpload';
import { getCoursewareById, getCoursewareCategoryTree, insertCourseware, updateCourseware } from '../api';
import { feedback } from '../../../platform/feedback';
import { treeOptions } from '../../../platform/tree-options';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';
import { LabelTagsField } from '../../labels/components/LabelTagsField';

/** Files up to this size go in one request; larger ones through the resumable chunked upload. */

interface Values {
  name: string;
  type: CoursewareType;
  categoryId?: number | null;
  labels: string[];
  mobilePlay: boolean;
  download: boolean;
}

/** Add (`add-courseware`) or edit (`?id=`) a courseware: fields, and on add the file (checked against the type by the server). */
export default function CoursewareEditPage() {
  const { t } = useTranslation();
  const { id, params, form, title, page, existing, loading } = useRecordFormPage<Values, CoursewareRow>({
    queryKey: 'courseware',
    titleKeys: { add: 'courseware.addTitle', edit: 'courseware.editTitle' },
    load: getCoursewareById,
  });
  const [file, setFile] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const categories = useQuery({ queryKey: ['courseware', 'categories'], queryFn: getCoursewareCategoryTree });

  useEffect(() => {
    const r = existing.data;
    if (r) form.setFieldsValue({ name: r.name, type: r.type, categoryId: r.categoryId, labels: r.labels, mobilePlay: r.mobilePlay, download: r.download });
  }, [existing.data, form]);

  async function submit(v: Values) {
    await page.save(
      async () => {
        if (id) await updateCourseware({ id, name: v.name, categoryId: v.categoryId ?? null, labels: v.labels, mobilePlay: v.mobilePlay, download: v.download });
        else {
          if (!file) {
            feedback.message.error(t('courseware.fileRequired'));
            return undefined;
          }
          await insertCourseware({ ...v, categoryId: v.categoryId ?? null, file: file.url });
        }
        return '/dashboard/manage-courseware';
      },
      (e) => {
        if (e instanceof ApiError && e.field) form.setFields([{ name: e.field as keyof Values, errors: [e.text] }]);
      },
      { quiet: true },
    );
  }

  if (loading) return <Spin />;
  return (
    <Card title={title} data-testid="courseware-edit-page">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ type: 'video', labels: [], mobilePlay: true, download: false, categoryId: Number(params.get('categoryId')) || null }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="name" label={t('courseware.name')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input maxLength={200} data-testid="courseware-name" />
        </Form.Item>
        <Form.Item name="type" label={t('courseware.type')} rules={[{ required: true }]} extra={t('courseware.typeHint')}>
          <Select disabled={!!id} options={COURSEWARE_TYPES.map((v) => ({ value: v, label: t(`courseware.types.${v}`) }))} data-testid="courseware-type" />
        </Form.Item>
        <Form.Item name="categoryId" label={t('courseware.category.name')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} />
        </Form.Item>
        <LabelTagsField prefix="courseware" />
        <Space size="large">
          <Form.Item name="mobilePlay" label={t('courseware.mobilePlay')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="download" label={t('courseware.download')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        {!id && (
          <Form.Item label={t('courseware.file')} required>
            <Space direction="vertical" style={{ width: '100%' }}>
              <FileUpload purpose="courseware" kind="courseware" texts="courseware" testId="courseware-file" onBusy={setUploading} onUploaded={setFile} />
              {file && <Typography.Text data-testid="courseware-file-name">{t('courseware.uploaded', { name: file.name })}</Typography.Text>}
            </Space>
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={page.saving} disabled={uploading} data-testid="courseware-submit">
            {t('courseware.save')}
          </Button>
          <Button onClick={() => page.leave('/dashboard/manage-courseware')}>{t('courseware.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
