// Public surface of the messages module: other modules import only from here.
export { sendMessage, type Recipients, type SendMessage } from './messages.service.js';
export { activeUsersUnder } from './messages.repository.js';
