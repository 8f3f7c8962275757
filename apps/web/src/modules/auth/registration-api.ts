import { authRoutes, registrationRoutes, type PhoneCodeSend, type RegistrationSubmit } from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { encryptPassword } from './api';

/** Self-registration (its own file: the login page does not download the registration routes). */
export function getDepartments() {
  return call(registrationRoutes.departments, {}, { silent: true });
}

/** Silent: the form puts a refusal on the field it names, or reports it. */
export async function register(input: Omit<RegistrationSubmit, 'kind'> & { kind?: RegistrationSubmit['kind'] }) {
  return call(registrationRoutes.submit, { ...input, password: await encryptPassword(input.password) }, { silent: true });
}

/** Texts a 6-digit code for signing in or registering. */
export function sendPhoneCode(input: PhoneCodeSend) {
  return call(authRoutes.phoneCode, input);
}
