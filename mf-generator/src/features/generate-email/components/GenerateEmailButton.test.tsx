import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

async function fillIn() {
  await userEvent.type(screen.getByLabelText(/Recipient Name/), 'Ada');
  await userEvent.type(screen.getByLabelText(/Sender Name/), 'Charles');
  await userEvent.type(screen.getByLabelText(/Purpose of Email/), 'Say hello');
}

const generateButton = () => screen.getByRole('button', { name: 'Generate Email' });
/** The messages showing `text` (toasts, alerts), not the button's description (it has an id). */
const shown = (text: string) => screen.findAllByText(text, { ignore: '[id]' });
const sentToTheModel = () => api.requests.filter((request) => request.method === 'POST');

describe('Generate Email while it cannot generate', () => {
  it('stays in the tab order saying why, and says it when pressed instead of generating', async () => {
    api = await startTestApi({ 'generator.history': { body: [] } });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 9 }),
    });
    const generate = generateButton();
    expect(generate.hasAttribute('disabled')).toBe(false);
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByRole('button', {
        name: 'Generate Email',
        description: 'Recipient name, sender name, and purpose are required',
      }),
    ).toBe(generate);

    generate.focus();
    await userEvent.keyboard('{Enter}');
    expect(await shown('Recipient name, sender name, and purpose are required')).toHaveLength(1);
    expect(document.activeElement).toBe(generate);
    expect(sentToTheModel()).toEqual([]);

    await fillIn();
    expect(generate.hasAttribute('aria-disabled')).toBe(false);
    expect(generate.hasAttribute('aria-describedby')).toBe(false);
  });

  it('says the spec’s message when the credits have run out', async () => {
    api = await startTestApi({ 'generator.history': { body: [] } });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 0 }),
    });
    await fillIn();
    const message =
      'Insufficient credits. You need at least 1 credit to generate an email template.';
    expect(screen.getByRole('button', { name: 'Generate Email', description: message })).toBe(
      generateButton(),
    );
    await userEvent.click(generateButton());
    expect(await shown(message)).toHaveLength(1);
    expect(sentToTheModel()).toEqual([]);
  });

  it('says there is no usable AI key when none is left', async () => {
    api = await startTestApi({
      'generator.availability': { body: { keysAvailable: false } },
      'generator.history': { body: [] },
    });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 9 }),
    });
    await fillIn();
    const message = 'No API keys available. Please contact administrator.';
    expect(
      await screen.findByRole('button', { name: 'Generate Email', description: message }),
    ).toBe(generateButton());
    await userEvent.click(generateButton());
    // The page's warning, and now the toast.
    expect(await shown(message)).toHaveLength(2);
    expect(sentToTheModel()).toEqual([]);
  });
});
