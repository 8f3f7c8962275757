import { RosterPage } from './RosterPage';

/** add-train-name: the class's roster with the people picker open. */
export default function AddTrainNamePage() {
  return <RosterPage adding />;
}
