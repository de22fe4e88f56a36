// Starts the one stack every browser test shares (the built product on free ports), before any
// worker starts; the returned function stops it after the last test.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { workspaceRoot } from '@coldmail/dev/stack';
import { apiAs } from './api.mjs';
import { E2E_ADMIN_EMAIL, shareStack, startFullStack } from './stack.mjs';

export default async function globalSetup() {
  const started = Date.now();
  // The copies and builds the last run's redeploy tests made (e2e/support/redeploy.mjs).
  await rm(join(workspaceRoot, 'e2e', '.work'), { recursive: true, force: true });
  const stack = await startFullStack();
  try {
    await putOnSale(stack);
  } catch (error) {
    await stack.close();
    throw error;
  }
  console.log(`[e2e] shared stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => stack.close();
}

/** @param {import('@coldmail/dev/stack').Stack} stack */
async function putOnSale(stack) {
  // The admin ADMIN_EMAILS made gets its password once, here, from the reset link the API mailed:
  // workers that each did it at once would invalidate each other's links.
  const admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
  // One package and one item any test may buy: the store holds three packages at most, so tests
  // running side by side do not each add their own.
  const pkg = await admin.post('/add-package', {
    packageName: 'Starter Pack',
    price: 19,
    credit: 50,
    validity: 30,
  });
  const item = await admin.post('/api/items', {
    name: 'Accessible Swipe File',
    slug: 'accessible-swipe-file',
    price: 5,
    guidelines: 'Download and adapt.',
    accessUrl: 'https://files.example.com/a11y.pdf',
  });
  shareStack(stack, { pkg, item });
}
