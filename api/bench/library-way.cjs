// Starts the API with one of its own start-up choices replaced by the library's (or V8's)
// default, for `npm run bench:api -- --breakdown`, which preloads it (node --require) into an
// instance of its own; nothing else loads it.
//   LIBRARY_WAY=plugins  @fastify/multipart and @fastify/cors registered on every request, as
//                        their READMEs do (fastify.register), in place of scoped-plugins.ts
//   LIBRARY_WAY=v8       V8's default allocation-site pretenuring (v8-flags.ts not loaded)
'use strict';
const Module = require('node:module');

const way = process.env.LIBRARY_WAY;
const load = Module._load;

Module._load = function loadTheLibraryWay(request, ...rest) {
  if (way === 'v8' && request === './v8-flags') return {};
  const loaded = load.call(this, request, ...rest);
  if (way === 'plugins' && request === './common/scoped-plugins') {
    const register = (fastify, plugin, options) => fastify.register(plugin, options);
    return { ...loaded, registerForRoutes: register, registerForRequests: register };
  }
  return loaded;
};
