import { useState } from 'react';
import { Button, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  QUESTIONNAIRE_IMPORT_FIELDS,
  QUESTIONNAIRE_IMPORT_REASONS,
  QUESTIONNAIRE_LIFECYCLE,
  QUESTIONNAIRE_SORT_KEYS,
  QuestionnaireCopySchema,
  isOneOf,
  required,
  type QuestionnaireImportField,
  type QuestionnaireRow,
} from '@hanlin/shared';
import {
  CrudPage,
  EditModal,
  ImportDialog,
  publishableActions,
  sortableIn,
  statusColumn,
  statusFilter,
  timeColumn,
  type ColumnSpec,
  type FilterSpec,
} from '../../../platform/kernel';
import { useFiledByCategory } from '../../../platform/components/CategoryTree';
import { useCan } from '../../../platform/permission';
import { saveDownload } from '../../../platform/api/client';
import { codeText } from '../../../platform/i18n';
import {
  copyQuestionnaire,
  deleteQuestionnaires,
  downloadQuestionnaireImportErrors,
  downloadQuestionnaireTemplate,
  exportQuestionnaire,
  findQuestionnaires,
  importQuestionnaire,
  publishQuestionnaires,
  unpublishQuestionnaires,
} from '../api';
import { QuestionnaireCategoryTree } from './category-tree';
import { QuestionnairePreviewDrawer } from './QuestionnairePreview';

const sortable = sortableIn(QUESTIONNAIRE_SORT_KEYS);

const columns: ColumnSpec<QuestionnaireRow>[] = [
  { key: 'name', titleKey: 'questionnaire.name', sortable: sortable('name'), ellipsis: true, render: (r) => <span data-testid="questionnaire-row-name">{r.name}</span> },
  statusColumn(QUESTIONNAIRE_LIFECYCLE, { testIdPrefix: 'questionnaire-status' }),
  { key: 'categoryName', titleKey: 'questionnaire.category.name', priority: 'medium' },
  { key: 'questionCount', titleKey: 'questionnaire.questionCount', render: (r) => <span data-testid="questionnaire-row-count">{r.questionCount}</span> },
  { key: 'orgName', titleKey: 'questionnaire.org', priority: 'low' },
  { key: 'creatorName', titleKey: 'questionnaire.creator', priority: 'medium' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];
const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'questionnaire.name', testId: 'questionnaire-filter-keyword' },
  statusFilter(QUESTIONNAIRE_LIFECYCLE, { testId: 'questionnaire-filter-status' }),
];

/** The copy dialog asks only for the new name. */
const CopyNameSchema = QuestionnaireCopySchema.pick({ name: true });
const copyFields = [{ name: 'name', labelKey: 'questionnaire.copyName', testId: 'questionnaire-copy-name' }] as const;

/** The import file's columns, named with the editor's own labels. */
const IMPORT_FIELD_KEYS: Record<QuestionnaireImportField, string> = {
  kind: 'questionnaire.kind',
  key: 'questionnaire.itemKey',
  title: 'questionnaire.itemTitle',
  description: 'questionnaire.itemDescription',
  required: 'questionnaire.required',
  options: 'questionnaire.options',
  rows: 'questionnaire.matrixRows',
  allowOther: 'questionnaire.allowOther',
  min: 'questionnaire.min',
  max: 'questionnaire.max',
  scale: 'questionnaire.scale',
  integer: 'questionnaire.integer',
  condition: 'questionnaire.condition',
};

/**
 * Questionnaire templates (`manage-questionnaires`, code wjgl): the classification tree beside the
 * list; edit, copy, publish, unpublish and delete as each row's abilities allow (a template a
 * survey uses is refused with the server's "in use" message); preview as a respondent sees it.
 */
export default function QuestionnaireListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [importing, setImporting] = useState(false);
  const mayAdd = useCan('wjgl:add');
  const filed = useFiledByCategory<QuestionnaireRow>(QuestionnaireCategoryTree, '/dashboard/add-questionnaire');
  const [copying, setCopying] = useState<QuestionnaireRow | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  return (
    <>
      <CrudPage<QuestionnaireRow>
        testId="questionnaire-page"
        titleKey="page.manage-questionnaires"
        queryKey="questionnaires"
        fetch={(p) => findQuestionnaires(p)}
        columns={columns}
        filters={filters}
        menu="wjgl"
        nounKey="questionnaire.noun"
        {...publishableActions<QuestionnaireRow>(
          { delete: deleteQuestionnaires, publish: publishQuestionnaires, unpublish: unpublishQuestionnaires },
          { publish: 'questionnaire.publish', unpublish: 'questionnaire.unpublish' },
        )}
        {...filed}
        sideWidth={260}
        toolbar={() =>
          mayAdd ? (
            <Button data-testid="questionnaire-import" onClick={() => setImporting(true)}>
              {t('questionnaire.import')}
            </Button>
          ) : null
        }
        extraRowActions={(r) => (
          <Space size={0}>
            <Button type="link" size="small" data-testid="questionnaire-row-preview" onClick={() => setPreviewing(r.id)}>
              {t('questionnaire.preview')}
            </Button>
            <Button type="link" size="small" data-testid="questionnaire-row-export" onClick={() => void exportQuestionnaire({ id: r.id }).then(saveDownload)}>
              {t('questionnaire.export')}
            </Button>
            {mayAdd && r.abilities.copy ? (
              <Button type="link" size="small" data-testid="questionnaire-row-copy" onClick={() => setCopying(r)}>
                {t('questionnaire.copy')}
              </Button>
            ) : null}
          </Space>
        )}
      />
      <EditModal
        open={copying !== null}
        title={t('questionnaire.copyTitle', { name: copying?.name ?? '' })}
        schema={CopyNameSchema}
        fields={copyFields}
        initialValues={{ name: copying ? t('questionnaire.copyOf', { name: copying.name }) : '' }}
        testId="questionnaire-copy-form"
        saveErrors={{ report: true }}
        onSubmit={(v) => copyQuestionnaire({ id: required(copying, 'the questionnaire copied').id, name: v.name })}
        onSaved={() => {
          setCopying(null);
          void qc.invalidateQueries({ queryKey: ['questionnaires'] });
        }}
        onCancel={() => setCopying(null)}
      />
      <ImportDialog
        open={importing}
        title={t('questionnaire.importTitle')}
        testId="questionnaire-import"
        upload={importQuestionnaire}
        downloadTemplate={downloadQuestionnaireTemplate}
        downloadErrors={downloadQuestionnaireImportErrors}
        fieldLabel={(f) => (isOneOf(QUESTIONNAIRE_IMPORT_FIELDS, f) ? t(IMPORT_FIELD_KEYS[f]) : f)}
        reasonLabel={(r) => codeText(QUESTIONNAIRE_IMPORT_REASONS, r)}
        onClose={(imported) => {
          setImporting(false);
          if (imported) void qc.invalidateQueries({ queryKey: ['questionnaires'] });
        }}
      />
      <QuestionnairePreviewDrawer id={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
