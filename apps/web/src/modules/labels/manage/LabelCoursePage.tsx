import { LabelsPage } from './LabelsPage';

/** `label-course`: the label categories and labels of course kind. */
export default function LabelCoursePage() {
  return <LabelsPage kind="course" />;
}
