/** A setting the API cannot start with; its message names every bad variable. */
export class ConfigError extends Error {}
