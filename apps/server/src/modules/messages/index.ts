// Public surface of the messages module: other modules import only from here.
export { sendMessage } from './messages.service.js';
