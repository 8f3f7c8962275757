import { useTranslation } from 'react-i18next';
import { TextbookShelf } from './TextbookShelf';

/** Student center "my textbooks": the textbooks I registered. */
export default function MyTextbooksPage() {
  const { t } = useTranslation();
  return <TextbookShelf mine title={t('center.textbooks')} testId="my-textbooks-page" />;
}
