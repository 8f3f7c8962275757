// Public surface of the student module: other modules import only from here.
/** Adds experience to a person's store (daily sign-in, a passed course), in the caller's transaction. */
export { addExperience } from './student.repository.js';
