import { useTranslation } from 'react-i18next';
import { ProfessionalInsertSchema } from '@hanlin/shared';
import { TreePage } from '../../../platform/components/TreePage';
import { useCan } from '../../../platform/permission';
import { deleteProfessional, getProfessionalTree, insertProfessional, sortProfessional, updateProfessional } from '../api';

const API = { load: getProfessionalTree, insert: insertProfessional, update: updateProfessional, remove: deleteProfessional, sort: sortProfessional };
const TEXTS = {
  addRoot: 'professionals.addRoot',
  addChild: 'professionals.addChild',
  insertAbove: 'professionals.insertAbove',
  insertBelow: 'professionals.insertBelow',
  edit: 'professionals.edit',
  name: 'professionals.name',
  hint: 'professionals.hint',
  empty: 'professionals.empty',
  dropBetween: 'professionals.dropBetween',
};

/** Professional (major) tree (`manage-professional`, code zygl): right-click to add, edit, insert, delete; drag to sort. */
export default function ProfessionalTreePage() {
  const { t } = useTranslation();
  const can = { add: useCan('zygl:add'), modify: useCan('zygl:modify'), delete: useCan('zygl:delete') };
  return (
    <TreePage
      testId="professionals"
      title={t('perm.zygl')}
      queryKey={['professional', 'tree']}
      api={API}
      can={can}
      allowRoot
      texts={TEXTS}
      schema={ProfessionalInsertSchema}
      nameMaxLength={30}
    />
  );
}
