import type { BannerSettings } from '@coldmail/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BannerBlock } from './Blocks';
import { ContactForm } from './ContactForm';

const banner: BannerSettings = {
  subTitle: 'AI templates',
  mainTitle: 'Write cold emails that',
  highlightText: 'get replies',
  description: 'Fast',
  buttonText: '',
  buttonLink: '',
  youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  backgroundImage: '',
  isActive: true,
};

describe('the contact form, sent with mistakes', () => {
  it('takes the focus to the first field to correct', async () => {
    const user = userEvent.setup();
    render(<ContactForm send={async () => undefined} />);
    const form = screen.getByRole('form', { name: 'Contact us' });
    await user.type(within(form).getByLabelText(/^Name/), 'Ada');
    await user.type(within(form).getByLabelText(/^Email/), 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    const phone = within(form).getByLabelText(/^Phone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);

    await user.type(phone, '+44 20 7946 0000');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(document.activeElement).toBe(within(form).getByLabelText(/^Email/));
  });
});

describe('the banner’s video', () => {
  it('is named by the whole title, and the player takes the focus once the thumbnail is pressed', async () => {
    const user = userEvent.setup();
    render(<BannerBlock banner={banner} />);
    const thumbnail = screen.getByRole('button', {
      name: 'Play video: Write cold emails that get replies',
    });

    thumbnail.focus();
    await user.keyboard('{Enter}');
    const player = document.querySelector('iframe');
    expect(player?.getAttribute('title')).toBe('Write cold emails that get replies');
    expect(document.activeElement).toBe(player);
  });
});
