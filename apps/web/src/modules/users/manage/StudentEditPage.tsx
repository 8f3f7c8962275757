import { PeopleEditPage } from '../components/PeopleEditPage';
import { PEOPLE } from '../people-kinds';

/** `add-student`: create or edit (`?id=`) a student. */
export default function StudentEditPage() {
  return <PeopleEditPage cfg={PEOPLE.student} />;
}
