// Starts the one stack every browser test shares (the built product on free ports), before any
// worker starts; the returned function stops it after the last test.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { workspaceRoot } from '@coldmail/dev/stack';
import { putOnSale } from './api.mjs';
import { E2E_ADMIN_EMAIL, shareStack, startFullStack } from './stack.mjs';

export default async function globalSetup() {
  const started = Date.now();
  // The copies and builds the last run's redeploy tests made (e2e/support/redeploy.mjs).
  await rm(join(workspaceRoot, 'e2e', '.work'), { recursive: true, force: true });
  const stack = await startFullStack();
  try {
    await stockStore(stack);
  } catch (error) {
    await stack.close();
    throw error;
  }
  console.log(`[e2e] shared stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => stack.close();
}

/** @param {import('@coldmail/dev/stack').Stack} stack */
async function stockStore(stack) {
  // The admin ADMIN_EMAILS made gets its password once, here, from the reset link the API mailed:
  // workers that each did it at once would invalidate each other's links. One package and one
  // item any test may buy: the store holds three packages at most, so tests running side by side
  // do not each add their own.
  const { pkg, item } = await putOnSale(stack, E2E_ADMIN_EMAIL);
  shareStack(stack, { pkg, item });
}
