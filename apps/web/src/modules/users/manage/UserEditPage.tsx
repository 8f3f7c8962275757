import { PeopleEditPage } from '../components/PeopleEditPage';
import { PEOPLE } from '../people-kinds';

/** `add-user`: create or edit (`?id=`) an employee. */
export default function UserEditPage() {
  return <PeopleEditPage cfg={PEOPLE.employee} />;
}
