import { LabelsPage } from './LabelsPage';

/** `label-job`: the label categories and labels of job kind. */
export default function LabelJobPage() {
  return <LabelsPage kind="job" />;
}
