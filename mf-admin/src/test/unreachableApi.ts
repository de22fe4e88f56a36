import { sessionActions } from '@coldmail/session';
import { onTestFinished } from 'vitest';

type Listener = (error: Error) => void;

/** The part of jsdom's console (an EventEmitter) used here; vitest exposes the JSDOM as `jsdom`. */
interface JsdomConsole {
  listeners(event: 'jsdomError'): Listener[];
  on(event: 'jsdomError', listener: Listener): void;
  off(event: 'jsdomError', listener: Listener): void;
}

/**
 * From now on until the test ends, the app's requests get no answer at all (nothing listens at
 * the address), as when the network or the server is down: they fail without an HTTP status.
 * jsdom reports each refused connection on its console; those reports are expected and collected
 * in the list this returns instead of printed. Any other jsdom error still prints.
 */
export function makeApiUnreachable(): Error[] {
  sessionActions.configure({ apiBaseUrl: 'http://127.0.0.1:9' });
  const jsdomConsole = (globalThis as unknown as { jsdom: { virtualConsole: JsdomConsole } }).jsdom
    .virtualConsole;
  const reporters = jsdomConsole.listeners('jsdomError');
  const refused: Error[] = [];
  const sortOut: Listener = (error) => {
    if (error.message.includes('ECONNREFUSED')) refused.push(error);
    else for (const report of reporters) report(error);
  };
  for (const report of reporters) jsdomConsole.off('jsdomError', report);
  jsdomConsole.on('jsdomError', sortOut);
  onTestFinished(() => {
    jsdomConsole.off('jsdomError', sortOut);
    for (const report of reporters) jsdomConsole.on('jsdomError', report);
  });
  return refused;
}
