#!/usr/bin/env node
// Starts the Auth emulator for development (tools/dev spawns this) and prints one line,
// `ready http://127.0.0.1:PORT`, once it accepts requests. Ctrl-C or SIGTERM stops it.
//   node tools/auth-emulator/cli.mjs [--port 9099] [--project demo-coldmail]
// Defaults also come from FIREBASE_AUTH_EMULATOR_PORT and FIREBASE_PROJECT_ID.
import { parseArgs } from 'node:util';
import authEmulator from './index.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.FIREBASE_AUTH_EMULATOR_PORT },
    project: { type: 'string', default: process.env.FIREBASE_PROJECT_ID },
    verbose: { type: 'boolean', default: false },
  },
});

let emulator;
try {
  emulator = await authEmulator.startAuthEmulator({
    port: values.port === undefined ? undefined : Number(values.port),
    projectId: values.project,
    onOutput: values.verbose ? (line) => console.error(line) : undefined,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`ready ${emulator.url}`);

const shutDown = async () => {
  await emulator.stop();
  process.exit(0);
};
process.once('SIGINT', shutDown);
process.once('SIGTERM', shutDown);
