/**
 * Which remote renders which paths. The router mounts remotes from this table, and the start-up
 * code uses it to fetch the current page's remote while the shell itself is still loading.
 * Patterns use the router's syntax (`:param`, trailing `*`).
 */
export const remoteMounts = {
  marketing: ['/', '/about', '/contact', '/premium/:slug/:itemId'],
  checkout: [
    '/buy/:id',
    '/item-buy/:id',
    '/pay-now/:id',
    '/item-pay-now/:id',
    '/user/pending-payment',
    '/user/package-pending-payment',
    '/user/item-pending-payment',
  ],
  account: [
    '/update-profile',
    '/user/dashboard',
    '/user/orders',
    '/user/orders-history',
    '/user/subscription-history',
    '/user/select-package',
    '/user/support',
    '/user/create-support',
  ],
  generator: ['/user/generate-email'],
  admin: ['/admin/*'],
} as const satisfies Record<string, readonly string[]>;

export type RemoteName = keyof typeof remoteMounts;

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export function remoteForPath(pathname: string): RemoteName | null {
  for (const [remote, patterns] of Object.entries(remoteMounts)) {
    if (patterns.some((pattern) => patternToRegExp(pattern).test(pathname))) {
      return remote as RemoteName;
    }
  }
  return null;
}
