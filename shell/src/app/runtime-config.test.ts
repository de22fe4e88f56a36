import { describe, expect, it, vi } from 'vitest';

const config = vi.hoisted(() => ({ value: {} as Record<string, unknown> }));
vi.mock('./early-start', () => ({
  get earlyConfig() {
    return Promise.resolve(config.value);
  },
}));

const { loadRuntimeConfig } = await import('./runtime-config');

describe('loadRuntimeConfig', () => {
  it("takes a blank PayPal SDK address as unset (PayPal's own), as the compose kit writes it", async () => {
    config.value = { apiBaseUrl: 'https://shop.example.com', paypalSdkBaseUrl: '' };
    expect(await loadRuntimeConfig()).toEqual({
      apiBaseUrl: 'https://shop.example.com',
      firebase: undefined,
      paypalSdkBaseUrl: undefined,
    });
  });

  it("keeps the trial's PayPal double when it is named", async () => {
    config.value = { apiBaseUrl: '', paypalSdkBaseUrl: 'http://127.0.0.1:4210/sdk/js' };
    expect((await loadRuntimeConfig()).paypalSdkBaseUrl).toBe('http://127.0.0.1:4210/sdk/js');
  });
});
