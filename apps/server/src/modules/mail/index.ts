// Public surface of the mail module: other modules import only from here.
export { mailLogs } from './mail.schema.js';
export { createMailer, type Mailer } from './mailer.js';
