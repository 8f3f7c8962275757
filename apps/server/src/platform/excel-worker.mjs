// Entry of the Excel worker thread. On Node 20 a worker inherits no module loader, neither tsx's (the server
// runs `tsx src/server.ts`) nor vitest's: register tsx here, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./excel-worker.ts');
