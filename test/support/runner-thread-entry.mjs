// A worker thread's first module is loaded before any loader the process was started with
// applies to it (Node 20), so the TypeScript loader is registered here before the runner's
// own module is imported.
import { register } from 'tsx/esm/api';

register();
await import('./runner-thread-main.ts');
