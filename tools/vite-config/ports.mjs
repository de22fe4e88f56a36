/** Fixed default ports of the stack; each can be overridden by the env variable next to it. */
/** @typedef {'marketing' | 'checkout' | 'account' | 'admin' | 'generator'} RemoteName */
/** @typedef {RemoteName | 'shell' | 'api'} AppName */

/** @type {readonly RemoteName[]} */
export const remoteNames = ['marketing', 'checkout', 'account', 'admin', 'generator'];

/** @type {Record<AppName, number>} */
export const defaultPorts = {
  shell: 4200,
  marketing: 4201,
  checkout: 4202,
  account: 4203,
  admin: 4204,
  generator: 4205,
  api: 3000,
};

/** @type {Record<AppName, string>} */
export const portEnvNames = {
  shell: 'SHELL_PORT',
  marketing: 'MF_MARKETING_PORT',
  checkout: 'MF_CHECKOUT_PORT',
  account: 'MF_ACCOUNT_PORT',
  admin: 'MF_ADMIN_PORT',
  generator: 'MF_GENERATOR_PORT',
  api: 'API_PORT',
};

/**
 * @param {AppName} app
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {number}
 */
export function portOf(app, env = process.env) {
  const raw = env[portEnvNames[app]];
  const port = raw ? Number(raw) : defaultPorts[app];
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${portEnvNames[app]} must be a port number, got "${raw}"`);
  }
  return port;
}
