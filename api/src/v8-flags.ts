import { setFlagsFromString } from 'node:v8';

/**
 * V8 allocation-site pretenuring off, before anything else is loaded. Pretenuring makes the
 * objects of a line of code that mostly outlived their first garbage collection start out in the
 * old generation. Under load it sometimes judged the API's per-request objects that way (during
 * start-up or a long collection, many were alive), and the process then stayed in that state:
 * every request's objects were made old, only a full collection freed them, a quarter of the
 * young generation survived each scavenge, and a request cost half as much again. One process in
 * two fell into it (`npm run bench:api`, `--trace-gc`: 10 MB promoted per scavenge against 0.4),
 * and none did without pretenuring. The API keeps little for long (caches of a few documents), so
 * pretenuring had nothing to gain here.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
