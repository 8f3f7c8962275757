import { useState } from 'react';
import { Alert, Button, Card, Select, Space } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, type QuestionType } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { ImportDialog } from '../../../platform/kernel';
import { useFinishPage } from '../../../platform/page-title';
import { downloadQuestionImportErrors, downloadQuestionTemplate, importQuestions } from '../api';

/** Excel import of questions (`add-question-upload`): one template per type, check then import, per-row errors. */
export default function QuestionUploadPage() {
  const { t } = useTranslation();
  const finish = useFinishPage();
  const [type, setType] = useState<QuestionType>('single');
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('page.add-question-upload')} data-testid="question-upload-page">
      <Space direction="vertical" size="large">
        <Alert type="info" showIcon message={t('question.importHint')} />
        <Space wrap>
          <span>{t('question.importType')}</span>
          <Select<QuestionType>
            value={type}
            onChange={setType}
            style={{ width: 180 }}
            options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`question.type_${v}`) }))}
            data-testid="question-upload-type"
          />
          <Button icon={<DownloadOutlined />} onClick={() => void downloadQuestionTemplate({ type }).then(saveDownload)} data-testid="question-template">
            {t('question.template')}
          </Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="question-import">
            {t('question.import')}
          </Button>
        </Space>
      </Space>
      <ImportDialog
        open={open}
        title={`${t('question.importTitle')} · ${t(`question.type_${type}`)}`}
        testId="question-import"
        upload={(input) => importQuestions(type, input)}
        downloadTemplate={() => downloadQuestionTemplate({ type })}
        downloadErrors={downloadQuestionImportErrors}
        fieldLabel={(f) => t(`question.importFieldName.${f}`, { defaultValue: f })}
        reasonLabel={(r) => t(`question.importReasonText.${r}`, { defaultValue: r })}
        onClose={(imported) => {
          setOpen(false);
          // Imported: the upload page's tab closes and the question list shows.
          if (imported) finish('/dashboard/manage-questions');
        }}
      />
    </Card>
  );
}
