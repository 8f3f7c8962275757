import { PeopleListPage } from '../components/PeopleListPage';
import { PEOPLE } from '../people-kinds';

/** Users (`manage-user`, code yhgl): employees with the organization tree, batch actions and Excel. */
export default function UserListPage() {
  return <PeopleListPage cfg={PEOPLE.employee} />;
}
