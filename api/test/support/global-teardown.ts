export default async function globalTeardown(): Promise<void> {
  await Promise.all([
    globalThis.__apiTestStack?.close(),
    globalThis.__apiTestGemini?.stop(),
    globalThis.__apiTestSentry?.stop(),
  ]);
}
