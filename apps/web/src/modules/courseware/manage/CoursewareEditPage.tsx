import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Spin, Switch, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COURSEWARE_TYPES, CoursewareInsertSchema, coursewareTypeOfName, type CoursewareRow, type UploadResult } from '@hanlin/shared';
import { useSchemaForm, type FormValues } from '../../../platform/forms/useSchemaForm';
import { FileUpload } from '../../media/index';
import { getCoursewareById, getCoursewareCategoryTree, insertCourseware, updateCourseware } from '../api';
import { feedback } from '../../../platform/feedback';
import { treeOptions } from '../../../platform/tree-options';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';
import { LabelTagsField } from '../../labels/index';
import { CoursewareFileFacts } from './courseware-parts';

/** The form's fields: the body of an add without its file (uploaded beside the form); an edit sends them less the type. */
const FormSchema = CoursewareInsertSchema.omit({ file: true });
/** The form also holds the uploaded file (`upload`), so a switch to another tab keeps it with what was typed. */
type Values = FormValues<typeof FormSchema> & { upload?: UploadResult };

/** The one file picker as a form field: its value is the uploaded file, shown with the type its name suggests. */
function CoursewareFile({ value, onChange, onBusy }: { value?: UploadResult; onChange?: (file: UploadResult) => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const picked = value ? coursewareTypeOfName(value.name) : null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FileUpload purpose="courseware" kind="courseware" texts="courseware" testId="courseware-file" onBusy={onBusy} onUploaded={(r) => onChange?.(r)} />
      {value && <Typography.Text data-testid="courseware-file-name">{t('courseware.uploaded', { name: value.name })}</Typography.Text>}
      {picked && (
        <Typography.Text type="secondary" data-testid="courseware-picked-type">
          {t('courseware.pickedType', { type: t(`courseware.types.${picked}`) })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Add (`add-courseware`) or edit (`?id=`) a courseware: fields, and on add the file (checked against the type by the server). */
export default function CoursewareEditPage() {
  const { t } = useTranslation();
  const { id, params, form, title, page, existing, loading } = useRecordFormPage<Values, CoursewareRow>({
    queryKey: 'courseware',
    titleKeys: { add: 'courseware.addTitle', edit: 'courseware.editTitle' },
    load: getCoursewareById,
  });
  const f = useSchemaForm(FormSchema, { form });
  const fill = f.fill;
  const [uploading, setUploading] = useState(false);
  const categories = useQuery({ queryKey: ['courseware', 'categories'], queryFn: getCoursewareCategoryTree });
  // The type follows the file chosen (still changeable; the server checks the content against it).
  const uploaded = (changed: Partial<Values>) => {
    const type = changed.upload ? coursewareTypeOfName(changed.upload.name) : null;
    if (type) form.setFieldValue('type', type);
  };

  useEffect(() => {
    if (existing.data) fill(existing.data);
  }, [existing.data, fill]);

  async function submit() {
    const read = await f.read();
    if (!read) return;
    const file = form.getFieldValue('upload');
    // A cleared category is sent as none (left out, an edit keeps the old one).
    const v = { ...read, categoryId: read.categoryId ?? null };
    await page.save(
      async () => {
        if (id) {
          const { type: _kept, ...fields } = v;
          await updateCourseware({ id, ...fields });
        } else {
          if (!file) {
            feedback.message.error(t('courseware.fileRequired'));
            return undefined;
          }
          await insertCourseware(CoursewareInsertSchema.parse({ ...v, file: file.url }));
        }
        return '/dashboard/manage-courseware';
      },
      (e) => f.showError(e, { report: false }),
      { quiet: true },
    );
  }

  if (loading) return <Spin />;
  return (
    <Card title={title} data-testid="courseware-edit-page">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ type: 'video', labels: [], mobilePlay: true, download: false, categoryId: Number(params.get('categoryId')) || null }}
        onFinish={() => void submit()}
        onValuesChange={uploaded}
      >
        <Form.Item {...f.item('name')} label={t('courseware.name')}>
          <Input maxLength={f.maxLength('name')} data-testid="courseware-name" />
        </Form.Item>
        <Form.Item {...f.item('type')} label={t('courseware.type')} extra={t('courseware.typeHint')}>
          <Select disabled={!!id} options={COURSEWARE_TYPES.map((v) => ({ value: v, label: t(`courseware.types.${v}`) }))} data-testid="courseware-type" />
        </Form.Item>
        <Form.Item {...f.item('categoryId')} label={t('courseware.category.name')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} />
        </Form.Item>
        <LabelTagsField prefix="courseware" />
        <Space size="large">
          <Form.Item {...f.item('mobilePlay')} label={t('courseware.mobilePlay')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item {...f.item('download')} label={t('courseware.download')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        {existing.data && (
          <Form.Item label={t('courseware.file')}>
            <CoursewareFileFacts row={existing.data} />
          </Form.Item>
        )}
        {!id && (
          <Form.Item name="upload" label={t('courseware.file')} required>
            <CoursewareFile onBusy={setUploading} />
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
