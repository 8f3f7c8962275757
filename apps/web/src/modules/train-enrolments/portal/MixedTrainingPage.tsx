import { MyTrainingPage } from './MyTrainingPage';

/** Student center "mixed training": my sign-ups to mixed classes. */
export default function MixedTrainingPage() {
  return <MyTrainingPage mode="mixed" />;
}
