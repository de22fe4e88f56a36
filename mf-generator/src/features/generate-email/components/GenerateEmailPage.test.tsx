import { currentMe, sessionActions } from '@coldmail/session';
import {
  recordFailed,
  renderRemote,
  startTestApi,
  type TestApi,
  userRecord,
} from '@coldmail/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const email = {
  subject: 'A quick hello',
  body: 'Dear Ada,\n\nHello.\n\nBest regards,\nCharles',
  generationId: '6c0000000000000000000001',
  credits: 3,
};
/** What the API streams: the text in chunks, then the parsed email. */
const streamed = [
  { event: 'chunk', data: { text: 'Subject: A quick hello\n\nBody:\nDear Ada,' } },
  { event: 'chunk', data: { text: '\n\nHello.' } },
  { event: 'done', data: email },
] as const;

async function fillIn() {
  await userEvent.type(screen.getByLabelText(/Recipient Name/), 'Ada');
  await userEvent.type(screen.getByLabelText(/Sender Name/), 'Charles');
  await userEvent.type(screen.getByLabelText(/Purpose of Email/), 'Say hello');
}

describe('/user/generate-email', () => {
  it('generates with the chosen tone, shows the email and updates the credit count without a reload', async () => {
    api = await startTestApi({
      'generator.generateStream': { events: [...streamed] },
      'generator.history': { body: [] },
      // The buyer's record after the generation took its credit.
      'users.list': { body: [userRecord({ currentBalance: 3 })] },
    });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 4 }),
    });
    expect(screen.getByRole('link', { name: 'Buy More' }).getAttribute('href')).toBe(
      '/user/select-package',
    );
    const generate = screen.getByRole('button', { name: 'Generate Email' }) as HTMLButtonElement;
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    await fillIn();
    await userEvent.selectOptions(screen.getByLabelText('Desired Tone'), 'friendly');
    await userEvent.click(generate);
    await screen.findByText('Email template generated successfully!');
    // The history reloads with the new email before the test's API goes away.
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/api/generations')).toHaveLength(2),
    );
    const result = screen.getByTestId('generated-email');
    expect(within(result).getByText('Subject: A quick hello')).toBeTruthy();
    // The generation made the record stale: it was read again, and every screen shows it.
    expect(currentMe()?.currentBalance).toBe(3);
    expect(api.requests.filter((request) => request.path === '/users')).toHaveLength(1);
    expect(screen.getByTestId('generator-credits').textContent).toBe('Credits: 3');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      recipientName: 'Ada',
      senderName: 'Charles',
      purpose: 'Say hello',
      tone: 'friendly',
    });
  });

  it('says when the model failed (the credit is given back) and enhances a prompt', async () => {
    api = await startTestApi({
      'generator.generateStream': {
        events: [
          {
            event: 'error',
            data: { statusCode: 502, message: 'No email was generated from the API response' },
          },
        ],
      },
      'generator.enhancePrompt': { body: { enhancedPrompt: 'Write a warm, specific email.' } },
      'generator.history': { body: [] },
    });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 9 }),
    });
    expect(screen.queryByRole('link', { name: 'Buy More' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enhance Prompt' }));
    await screen.findByText('Please enter a custom prompt to enhance');
    await userEvent.type(screen.getByLabelText('Custom Prompt'), 'be nice');
    await userEvent.click(screen.getByRole('button', { name: 'Enhance Prompt' }));
    await screen.findByText('Prompt enhanced successfully!');
    expect((screen.getByLabelText('Enhanced Prompt') as HTMLTextAreaElement).value).toBe(
      'Write a warm, specific email.',
    );
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Email' }));
    await screen.findByText('Error: No email was generated from the API response');
    expect(screen.getByTestId('generator-credits').textContent).toBe('Credits: 9');
    expect(currentMe()?.currentBalance).toBe(9);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect((screen.getByLabelText(/Recipient Name/) as HTMLInputElement).value).toBe(''),
    );
  });

  it('says the credit could not be taken when the server fails before generating anything', async () => {
    api = await startTestApi({
      'generator.generateStream': { status: 500 },
      'generator.history': { body: [] },
    });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 9 }),
    });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Email' }));
    expect(await screen.findByText('Failed to deduct credits')).toBeTruthy();
  });

  it('says the user data was not found, not that credits are short, when the record could not load', async () => {
    api = await startTestApi({ 'generator.history': { body: [] } });
    renderRemote(App, '/user/generate-email', { apiUrl: api.url, profile: null });
    await act(() => recordFailed());
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Email' }));
    // Said on the button and in a toast when it is pressed.
    expect((await screen.findAllByText('User data not found')).length).toBe(2);
    expect(screen.queryByText(/Insufficient credits/)).toBeNull();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('with no usable AI key says so, keeps Generate off and does not call the model', async () => {
    api = await startTestApi({
      'generator.availability': { body: { keysAvailable: false } },
      'generator.history': { body: [] },
    });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 9 }),
    });
    await screen.findByText('No API keys available. Please contact administrator.');
    await fillIn();
    const generate = screen.getByRole('button', { name: 'Generate Email' }) as HTMLButtonElement;
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    await userEvent.type(screen.getByLabelText('Custom Prompt'), 'be nice');
    await userEvent.click(screen.getByRole('button', { name: 'Enhance Prompt' }));
    await screen.findByText('No API keys available. Please try again later.');
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says when the AI keys could not be checked, and still lets the user try', async () => {
    api = await startTestApi({
      'generator.availability': { status: 500 },
      'generator.history': { body: [] },
    });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 9 }),
    });
    await screen.findByText('Failed to load API keys');
    await fillIn();
    expect(
      screen.getByRole('button', { name: 'Generate Email' }).hasAttribute('aria-disabled'),
    ).toBe(false);
  });

  it('lists earlier emails and reopens one', async () => {
    api = await startTestApi({
      'generator.history': {
        body: [
          {
            _id: '6c0000000000000000000002',
            recipientName: 'Grace',
            senderName: 'Alan',
            purpose: 'Hello',
            keyDetails: '',
            tone: 'formal',
            subject: 'Earlier subject',
            body: 'Earlier body',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
    });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 9 }),
    });
    const list = await screen.findByRole('list', { name: 'Generated emails' });
    await userEvent.click(within(list).getByRole('button', { name: 'Open Earlier subject' }));
    expect(
      within(screen.getByTestId('generated-email')).getByText('Subject: Earlier subject'),
    ).toBeTruthy();
  });

  it('clears every field, the enhanced prompt and the shown email on Reset', async () => {
    api = await startTestApi({
      'generator.availability': { body: { keysAvailable: true } },
      'generator.enhancePrompt': { body: { enhancedPrompt: 'Write a warm, specific email.' } },
      'generator.history': {
        body: [
          {
            _id: '6c0000000000000000000002',
            recipientName: 'Grace',
            senderName: 'Alan',
            purpose: 'Hello',
            keyDetails: '',
            tone: 'formal',
            subject: 'Earlier subject',
            body: 'Earlier body',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
    });
    renderRemote(App, '/user/generate-email', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 9 }),
    });
    const list = await screen.findByRole('list', { name: 'Generated emails' });
    await userEvent.click(within(list).getByRole('button', { name: 'Open Earlier subject' }));
    await fillIn();
    await userEvent.type(screen.getByLabelText('Key Details or Hints'), 'We met at a meetup');
    await userEvent.selectOptions(screen.getByLabelText('Desired Tone'), 'friendly');
    await userEvent.type(screen.getByLabelText('Custom Prompt'), 'be nice');
    await userEvent.click(screen.getByRole('button', { name: 'Enhance Prompt' }));
    await screen.findByLabelText('Enhanced Prompt');

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    const valueOf = (label: string | RegExp) =>
      (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;
    expect(
      [
        /Recipient Name/,
        /Sender Name/,
        /Purpose of Email/,
        'Key Details or Hints',
        'Custom Prompt',
      ].map(valueOf),
    ).toEqual(['', '', '', '', '']);
    expect(valueOf('Desired Tone')).toBe('professional');
    expect(screen.queryByLabelText('Enhanced Prompt')).toBeNull();
    expect(screen.queryByTestId('generated-email')).toBeNull();
  });
});

describe('/user/generate-email signed out', () => {
  it('asks the visitor to log in instead of showing the form, with a link to /login', async () => {
    api = await startTestApi({ 'generator.history': { body: [] } });
    renderRemote(App, '/user/generate-email', { apiUrl: api.url });
    await screen.findByRole('button', { name: 'Generate Email' });
    act(() => sessionActions.signedOut());
    expect(
      await screen.findByText('Please log in to use the Email Template Generator'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate Email' })).toBeNull();
    expect(screen.queryByLabelText(/Recipient Name/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });
});
