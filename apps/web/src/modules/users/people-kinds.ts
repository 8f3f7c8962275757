import { StudentInsertSchema, UserInsertSchema } from '@hanlin/shared';
import { peopleApi, type PeopleKind } from './api';

/** What differs between the user page (yhgl) and the student page (xsgl). */
export interface PeopleConfig {
  kind: PeopleKind;
  /** Menu code: actions are `<menu>:<action>`. */
  menu: 'yhgl' | 'xsgl';
  /** data-testid prefix and query key root. */
  prefix: 'user' | 'student';
  listPath: string;
  editPath: string;
  schema: typeof UserInsertSchema | typeof StudentInsertSchema;
  /** i18n key of the employee/student number. */
  cardKey: string;
  api: ReturnType<typeof peopleApi>;
}

export const PEOPLE: Record<PeopleKind, PeopleConfig> = {
  employee: {
    kind: 'employee',
    menu: 'yhgl',
    prefix: 'user',
    listPath: '/dashboard/manage-user',
    editPath: '/dashboard/add-user',
    schema: UserInsertSchema,
    cardKey: 'user.cardNumber_employee',
    api: peopleApi('employee'),
  },
  student: {
    kind: 'student',
    menu: 'xsgl',
    prefix: 'student',
    listPath: '/dashboard/manage-student',
    editPath: '/dashboard/add-student',
    schema: StudentInsertSchema,
    cardKey: 'user.cardNumber_student',
    api: peopleApi('student'),
  },
};
