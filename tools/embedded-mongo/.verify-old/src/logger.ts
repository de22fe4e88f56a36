export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Logs go to stderr so the CLI's stdout carries only the ready line. */
export const stderrLogger: Logger = {
  info: (m) => process.stderr.write(`[embedded-mongo] ${m}\n`),
  warn: (m) => process.stderr.write(`[embedded-mongo] warning: ${m}\n`),
  error: (m) => process.stderr.write(`[embedded-mongo] error: ${m}\n`),
};
