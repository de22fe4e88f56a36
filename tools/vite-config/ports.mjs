// Kept for the vite configs' imports; the data lives in the app registry.
export { portOf, remoteNames } from '@coldmail/registry/apps';
