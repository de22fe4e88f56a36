export default async function globalTeardown(): Promise<void> {
  const services = globalThis.__apiTestServices;
  await Promise.all([
    services?.emulator.stop(),
    services?.mongo.stop(),
    services?.paypal.stop(),
    services?.gemini.stop(),
  ]);
}
