import {
  contactSettings,
  featuresSettings,
  footerSettings,
  navLogo,
  renderRemote,
  startTestApi,
  type TestApi,
  userRecord,
} from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../../../app/App';
import { makeApiUnreachable } from '../../../test/unreachableApi';

let api: TestApi;
afterEach(() => api.close());

/** Saving refreshes the block: wait for that read, so no request outlives the test's API. */
const refreshed = (path = '/api/banner-section') =>
  waitFor(() =>
    expect(
      api.requests.filter((request) => request.method === 'GET' && request.path === path),
    ).toHaveLength(2),
  );

async function openSettingsPanel(panel: string, routes: Parameters<typeof startTestApi>[0]) {
  api = await startTestApi(routes);
  renderRemote(App, '/admin/settings', {
    apiUrl: api.url,
    profile: userRecord({ userRole: 'Admin' }),
  });
  await userEvent.click(await screen.findByRole('button', { name: panel }));
}

const banner = {
  subTitle: 'AI templates',
  mainTitle: 'Cold emails',
  highlightText: 'that land',
  description: 'Fast',
  buttonText: 'Start',
  buttonLink: '/user/generate-email',
  youtubeUrl: '',
  backgroundImage: '',
  isActive: true,
};

async function openBannerEditor(routes: Parameters<typeof startTestApi>[0]) {
  api = await startTestApi({
    'content.banner': { body: { success: true, message: 'ok', data: banner } },
    'content.bannerStats': {
      body: {
        success: true,
        data: {
          isActive: true,
          hasYoutubeVideo: false,
          hasBackgroundImage: true,
          lastUpdated: '2026-03-04T10:00:00.000Z',
        },
      },
    },
    ...routes,
  });
  renderRemote(App, '/admin/settings', {
    apiUrl: api.url,
    profile: userRecord({ userRole: 'Admin' }),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Banner Section' }));
  return screen.findByLabelText('Main title');
}

describe('the banner editor', () => {
  it('groups the banner’s fields as text content, button and media, under its stats', async () => {
    await openBannerEditor({});
    const group = (name: string) => screen.getByRole('group', { name });
    expect(within(group('Text content')).getByLabelText('Main title')).toBeTruthy();
    expect(within(group('Button')).getByLabelText('Button link')).toBeTruthy();
    expect(within(group('Media')).getByLabelText('YouTube video URL')).toBeTruthy();
    const stats = within(await screen.findByLabelText('Banner status'));
    expect(stats.getByText('Active')).toBeTruthy();
    expect(stats.getByText('No video')).toBeTruthy();
    expect(stats.getByText('Image set')).toBeTruthy();
    expect(stats.getByText('Mar 4, 2026')).toBeTruthy();
  });

  it('previews with the landing page’s block as the admin types, then saves and shows the server’s message', async () => {
    const saved = { ...banner, mainTitle: 'Replies, not silence' };
    const title = await openBannerEditor({
      'content.bannerUpdate': {
        body: { success: true, message: 'Banner section updated successfully!', data: saved },
      },
    });
    await userEvent.clear(title);
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.type(title, 'Replies, not silence');
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(within(preview).getByRole('heading', { level: 1, hidden: true }).textContent).toContain(
      'Replies, not silence',
    );
    await userEvent.click(save);
    await screen.findByText('Banner section updated successfully!');
    await refreshed();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      mainTitle: 'Replies, not silence',
    });
  });

  it('previews as a picture: its link does not work and its h1 is not a second h1 of the page', async () => {
    await openBannerEditor({});
    const preview = screen.getByRole('region', { name: 'Live preview' });
    const link = within(preview).getByRole('link', { name: 'Start', hidden: true });
    expect(link.closest('[inert]')).not.toBeNull();
    expect(within(preview).queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h1) => h1.textContent)).toEqual([
      'Banner Section',
    ]);
    // Still labelled on screen, and reachable for scrolling.
    expect(within(preview).getByText('Live preview')).toBeTruthy();
    expect(preview.tabIndex).toBe(0);
  });

  it('asks before a reset, shows the server’s field errors, and names the toggle by the state', async () => {
    await openBannerEditor({
      'content.bannerUpdate': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'Validation failed',
          fieldErrors: { youtubeUrl: 'Please enter a valid YouTube URL' },
        },
      },
      'content.bannerReset': {
        body: {
          success: true,
          message: 'Banner section reset to default successfully!',
          data: banner,
        },
      },
    });
    expect(screen.getByRole('button', { name: 'Deactivate Section' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('YouTube video URL'), 'https://vimeo.com/1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Please enter a valid YouTube URL');
    expect(screen.getByText('Failed to update banner section')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reset to Default' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to reset to default values? This cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await screen.findByText('Banner section reset to default successfully!');
    await refreshed();
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/api/banner-section/reset')).toBe(
        true,
      ),
    );
  });

  it('asks before another settings panel replaces unsaved changes', async () => {
    const title = await openBannerEditor({});
    await userEvent.type(title, ' edited');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Footer Section' }));
    expect(confirm).toHaveBeenCalledWith(
      'You have unsaved changes. Leave this section without saving them?',
    );
    expect((screen.getByLabelText('Main title') as HTMLInputElement).value).toBe(
      'Cold emails edited',
    );
    confirm.mockRestore();
  });
});

describe('the banner editor’s failures', () => {
  it("says 'Failed to connect to server' when loading gets no answer", async () => {
    api = await startTestApi({});
    renderRemote(App, '/admin/settings', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    const menu = within(await screen.findByRole('complementary', { name: 'Settings' }));
    makeApiUnreachable();
    await userEvent.click(menu.getByRole('button', { name: 'Banner Section' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to connect to server');
  });

  it("says 'Failed to fetch banner data' when the server answers the load with an error", async () => {
    await openSettingsPanel('Banner Section', { 'content.banner': { status: 500 } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch banner data');
  });

  it("says 'Failed to save changes' when saving gets no answer", async () => {
    const title = await openBannerEditor({});
    await userEvent.type(title, ' edited');
    const refused = makeApiUnreachable();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save changes');
    expect(refused).toHaveLength(1);
  });

  it("says 'Failed to update banner section' when the server refuses the save", async () => {
    const title = await openBannerEditor({ 'content.bannerUpdate': { status: 500 } });
    await userEvent.type(title, ' edited');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update banner section');
  });
});

describe('the logo editor', () => {
  it("keeps Save disabled while the image URL is empty, then shows 'Logo updated successfully!'", async () => {
    const saved = navLogo({ imageUrl: 'https://cdn.example.com/logo.png' });
    await openSettingsPanel('Logo Update', {
      'content.navLogo': {
        body: { success: true, data: { data: navLogo({ imageUrl: '', isActive: false }) } },
      },
      'content.navLogoUpdate': {
        body: { success: true, message: 'Logo updated successfully!', data: saved },
      },
    });
    const image = await screen.findByLabelText('Logo image');
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.type(image, '   ');
    expect(save.disabled).toBe(true);
    await userEvent.clear(image);
    await userEvent.type(image, saved.imageUrl);
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    await screen.findByText('Logo updated successfully!');
    await refreshed('/api/nav-logo');
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      imageUrl: saved.imageUrl,
    });
  });

  it("says 'Failed to load logo data' when the logo cannot be loaded", async () => {
    await openSettingsPanel('Logo Update', { 'content.navLogo': { status: 500 } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load logo data');
  });
});

describe('the previews of the header logo and the footer', () => {
  it('shows the header’s own logo: the site’s wordmark until an image is set, then the image', async () => {
    await openSettingsPanel('Logo Update', {
      'content.navLogo': {
        body: { success: true, data: { data: navLogo({ imageUrl: '', altText: 'Acme' }) } },
      },
    });
    const image = await screen.findByLabelText('Logo image');
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(
      within(preview).getByRole('link', { name: 'ColdMail AI home', hidden: true }),
    ).toBeTruthy();
    await userEvent.type(image, 'https://cdn.example.com/acme.png');
    const logo = within(preview).getByRole('link', { name: 'Acme home', hidden: true });
    expect(within(logo).getByRole('img', { name: 'Acme', hidden: true })).toHaveProperty(
      'src',
      'https://cdn.example.com/acme.png',
    );
  });

  it('shows the visitors’ own contact form, labelled as the admin types, and inert', async () => {
    await openSettingsPanel('Contact Page Settings', {
      'content.contact': {
        body: { success: true, message: 'ok', data: contactSettings() },
      },
    });
    const buttonText = await screen.findByLabelText('Button text');
    const preview = screen.getByRole('region', { name: 'Live preview' });
    const form = within(preview).getByRole('form', { name: 'Contact us', hidden: true });
    expect(within(form).getByLabelText(/^Phone/)).toBeTruthy();
    expect(form.hasAttribute('inert')).toBe(true);
    await userEvent.clear(buttonText);
    await userEvent.type(buttonText, 'Write to us');
    expect(within(form).getByRole('button', { hidden: true }).textContent).toBe('Write to us');
  });

  it('shows the site’s own footer, links and sanitised copyright included, as the admin types', async () => {
    await openSettingsPanel('Footer Section', {
      'content.footer': {
        body: {
          success: true,
          message: 'Footer settings retrieved successfully',
          data: footerSettings({
            copyrightText: '<b>© 2026 Acme</b><img src="x" onerror="alert(1)">',
          }),
        },
      },
    });
    const preview = await screen.findByRole('region', { name: 'Live preview' });
    const company = await within(preview).findByRole('navigation', {
      name: 'Company',
      hidden: true,
    });
    expect(
      within(company).getByRole('link', { name: 'About Us', hidden: true }).getAttribute('href'),
    ).toBe('/about');
    expect(within(preview).getByRole('link', { name: 'Facebook', hidden: true })).toBeTruthy();
    // The site's links, drawn but dead here.
    expect(company.closest('[inert]')).not.toBeNull();
    expect(within(preview).queryAllByRole('link')).toEqual([]);
    expect((await within(preview).findByText('© 2026 Acme')).tagName).toBe('B');
    expect(preview.innerHTML).not.toContain('onerror');

    const description = screen.getAllByLabelText('Description')[0] as HTMLTextAreaElement;
    await userEvent.clear(description);
    await userEvent.type(description, 'Replies, not silence.');
    expect(within(preview).getByText('Replies, not silence.')).toBeTruthy();
  });
});

describe('the footer editor', () => {
  it("hides and shows the footer with 'Deactivate Footer' and 'Activate Footer'", async () => {
    let footer = footerSettings({ isActive: true });
    await openSettingsPanel('Footer Section', {
      'content.footer': { body: { success: true, message: 'ok', data: footer } },
      'content.footerToggle': () => {
        footer = { ...footer, isActive: !footer.isActive };
        const message = footer.isActive ? 'Footer activated' : 'Footer deactivated';
        return { body: { success: true, message, data: footer } };
      },
    });
    const toggles = () =>
      api.requests.filter(
        (request) => request.method === 'PATCH' && request.path === '/api/footer/toggle',
      );

    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Footer' }));
    await screen.findByText('Footer deactivated');
    expect(toggles()).toHaveLength(1);
    expect((screen.getByRole('checkbox', { name: 'Active' }) as HTMLInputElement).checked).toBe(
      false,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Activate Footer' }));
    await screen.findByText('Footer activated');
    expect(toggles()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Deactivate Footer' })).toBeTruthy();
  });
});

describe('the features editor', () => {
  it('edits the title in a multi-line field that keeps and adds line breaks', async () => {
    const features = featuresSettings({ title: 'From a blank page\nin three steps' });
    await openSettingsPanel('Featured Section', {
      'content.features': { body: { success: true, message: 'ok', data: features } },
      'content.featuresUpdate': {
        body: { success: true, message: 'Features section updated successfully', data: features },
      },
    });
    const title = (await screen.findByLabelText(
      'Title (a line break starts a new line)',
    )) as HTMLTextAreaElement;
    expect(title.tagName).toBe('TEXTAREA');
    expect(title.value).toBe('From a blank page\nin three steps');
    await userEvent.type(title, '{Enter}today');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Features section updated successfully');
    await refreshed('/api/features-section');
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      title: 'From a blank page\nin three steps\ntoday',
    });
  });
});

describe('the testimonial editor', () => {
  it('has six client image slots, without Add or Remove, and saves all six', async () => {
    const testimonial = {
      title: 'What our users say',
      subtitle: 'Testimonials',
      backgroundImage: '',
      circleTitleImage: '',
      quoteIcon: '',
      // Stored before the six slots: the missing ones show empty.
      clientImages: ['https://cdn.example.com/a.png'],
      testimonials: [
        { quote: 'Five minutes, not an hour.', clientName: 'Maya R.', clientTitle: '' },
      ],
      isActive: true,
    };
    await openSettingsPanel('Testimonial Section', {
      'content.testimonial': { body: { success: true, message: 'ok', data: testimonial } },
      'content.testimonialUpdate': {
        body: {
          success: true,
          message: 'Testimonial section updated successfully',
          data: testimonial,
        },
      },
    });
    const slots = within(await screen.findByRole('group', { name: 'Client images' }));
    const images = slots.getAllByRole('textbox') as HTMLInputElement[];
    expect(images.map((image) => image.value)).toEqual([
      'https://cdn.example.com/a.png',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(slots.queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(slots.queryByRole('button', { name: /Remove/ })).toBeNull();
    // Each slot's Upload says which image it uploads.
    expect(slots.getByRole('button', { name: 'Upload Image 3' })).toBeTruthy();
    // The testimonials themselves stay a list an admin adds to, its Add named after what it adds.
    expect(
      within(screen.getByRole('group', { name: 'Testimonials' })).getByRole('button', {
        name: 'Add testimonial',
      }),
    ).toBeTruthy();
    await userEvent.type(images[2] as HTMLInputElement, 'https://cdn.example.com/c.png');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Testimonial section updated successfully');
    await refreshed('/api/testimonial-section');
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      clientImages: [
        'https://cdn.example.com/a.png',
        '',
        'https://cdn.example.com/c.png',
        '',
        '',
        '',
      ],
    });
  });
});

describe('an editor given something else where a list belongs', () => {
  // Older records can hold these; the contract forbids them, so they go out as a raw route.
  it('shows six empty client images and one empty testimonial, and previews without failing', async () => {
    await openSettingsPanel('Testimonial Section', {
      'GET /api/testimonial-section': {
        body: {
          success: true,
          message: 'ok',
          data: {
            title: 'What our users say',
            subtitle: '',
            backgroundImage: '',
            circleTitleImage: '',
            quoteIcon: '',
            clientImages: 'x',
            testimonials: null,
            isActive: true,
          },
        },
      },
    });
    const slots = within(await screen.findByRole('group', { name: 'Client images' }));
    expect(
      (slots.getAllByRole('textbox') as HTMLInputElement[]).map((image) => image.value),
    ).toEqual(['', '', '', '', '', '']);
    const testimonials = within(screen.getByRole('group', { name: 'Testimonials' }));
    expect((testimonials.getByLabelText('Quote 1') as HTMLTextAreaElement).value).toBe('');
    expect(testimonials.queryByLabelText('Quote 2')).toBeNull();
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(
      within(preview).getByRole('heading', { name: 'What our users say', hidden: true }),
    ).toBeTruthy();

    await userEvent.type(testimonials.getByLabelText('Quote 1'), 'Fast');
    expect(within(preview).getByText('“Fast”')).toBeTruthy();
  });

  it('gives the footer three empty company links', async () => {
    const footer = footerSettings();
    await openSettingsPanel('Footer Section', {
      'GET /api/footer': {
        body: {
          success: true,
          message: 'ok',
          data: { ...footer, companyLinks: { title: 'Company', links: null } },
        },
      },
    });
    const company = within(await screen.findByRole('group', { name: 'Company links' }));
    const links = within(company.getByRole('group', { name: 'Links' }));
    expect(
      (links.getAllByRole('textbox') as HTMLInputElement[]).map((input) => input.value),
    ).toEqual(['', '', '', '', '', '']);
    expect(links.getByLabelText('URL 3')).toBeTruthy();
    // The legal pages' column keeps the links it has.
    const legal = within(screen.getByRole('group', { name: 'Legal links' }));
    expect((legal.getByLabelText('URL 1') as HTMLInputElement).value).toBe('/privacy');
    expect(screen.getByRole('region', { name: 'Live preview' })).toBeTruthy();
  });
});
