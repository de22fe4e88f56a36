import type {
  AboutSettings,
  BannerSettings,
  ContactSettings,
  FeaturesSettings,
  TestimonialSettings,
} from '@coldmail/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIntersectionObserver } from '../test/fakeIntersectionObserver';
import { AboutBlock, BannerBlock, ContactBlock, FeaturesBlock, TestimonialBlock } from './Blocks';
import { ContactForm } from './ContactForm';
import { cssUrl } from './cssUrl';

const features: FeaturesSettings = {
  title: 'Three steps\nto a sent email',
  subtitle: 'How it works',
  backgroundImage: '',
  circleTitleImage: '',
  arrowImage: '',
  barShapeImage: '',
  steps: [{ icon: '', title: 'Describe', description: 'Who and why' }],
  isActive: true,
};

const testimonial: TestimonialSettings = {
  title: 'What our users say',
  subtitle: 'Testimonials',
  backgroundImage: '',
  circleTitleImage: '',
  quoteIcon: '',
  clientImages: ['', ''],
  testimonials: [{ quote: 'Five minutes, not an hour.', clientName: 'Maya R.', clientTitle: '' }],
  isActive: true,
};

const contact: ContactSettings = {
  title: 'Questions?',
  subtitle: 'Contact us',
  backgroundImage: '',
  starImage: '',
  contactImage: '',
  formTitle: 'Send us a message',
  buttonText: 'Ask us anything',
  isActive: true,
};

/** The decorative images a block drew, by their address. */
function imagesOf(container: HTMLElement) {
  return [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'));
}

/** Decorative, lazy and sized before it loads (so nothing below it moves). */
function expectDecorative(image: HTMLImageElement | null) {
  expect(image).not.toBeNull();
  expect(image?.getAttribute('alt')).toBe('');
  expect(image?.getAttribute('aria-hidden')).toBe('true');
  expect(image?.getAttribute('loading')).toBe('lazy');
  expect(Number(image?.getAttribute('width'))).toBeGreaterThan(0);
  expect(Number(image?.getAttribute('height'))).toBeGreaterThan(0);
}

describe('FeaturesBlock', () => {
  it('draws the admin’s title circle, bar shape and arrow images', () => {
    const { container } = render(
      <FeaturesBlock
        features={{
          ...features,
          circleTitleImage: 'https://cdn.example.com/circle.png',
          barShapeImage: 'https://cdn.example.com/bar.png',
          arrowImage: 'https://cdn.example.com/arrow.png',
        }}
      />,
    );
    expect(imagesOf(container)).toEqual([
      'https://cdn.example.com/circle.png',
      'https://cdn.example.com/bar.png',
      'https://cdn.example.com/arrow.png',
    ]);
    for (const image of container.querySelectorAll('img')) expectDecorative(image);
    // The images add nothing to what the section says.
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Three stepsto a sent email',
    );
    expect(screen.getByText('How it works')).toBeTruthy();
  });

  it('draws no image the admin has not set', () => {
    const { container } = render(<FeaturesBlock features={features} />);
    expect(imagesOf(container)).toEqual([]);
    expect(screen.getByText('How it works')).toBeTruthy();
  });
});

describe('TestimonialBlock', () => {
  it('marks each quote with the admin’s quote icon and shows the title circle', () => {
    const { container } = render(
      <TestimonialBlock
        testimonial={{
          ...testimonial,
          circleTitleImage: 'https://cdn.example.com/circle.png',
          quoteIcon: 'https://cdn.example.com/quote.svg',
          clientImages: ['https://cdn.example.com/maya.jpg', ''],
        }}
      />,
    );
    expect(imagesOf(container)).toEqual([
      'https://cdn.example.com/circle.png',
      'https://cdn.example.com/maya.jpg',
      'https://cdn.example.com/quote.svg',
    ]);
    const quote = screen.getByRole('figure');
    expectDecorative(quote.querySelector('img'));
    expect(quote.querySelector('blockquote')?.textContent).toBe('Five minutes, not an hour.');
  });

  it('keeps typographic quotes when there is no quote icon', () => {
    const { container } = render(<TestimonialBlock testimonial={testimonial} />);
    expect(imagesOf(container)).toEqual([]);
    expect(screen.getByRole('figure').querySelector('blockquote')?.textContent).toBe(
      '“Five minutes, not an hour.”',
    );
  });
});

describe('ContactBlock', () => {
  it('gives its form the admin’s button text, under the form title', () => {
    render(
      <ContactBlock contact={contact}>
        {(buttonText) => (
          <form aria-label="Contact us">
            <button type="submit">{buttonText}</button>
          </form>
        )}
      </ContactBlock>,
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Send us a message');
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(within(form).getByRole('button').textContent).toBe('Ask us anything');
  });

  it('labels the button Send Message while the admin has left the text empty', () => {
    render(
      <ContactBlock contact={{ ...contact, buttonText: '  ' }}>
        {(buttonText) => <button type="submit">{buttonText}</button>}
      </ContactBlock>,
    );
    expect(screen.getByRole('button').textContent).toBe('Send Message');
  });

  it('draws the visitors’ own form; inert without a way to send (the editor’s preview)', () => {
    render(
      <ContactBlock contact={contact}>
        {(buttonText) => <ContactForm buttonText={buttonText} />}
      </ContactBlock>,
    );
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(within(form).getByRole('button').textContent).toBe('Ask us anything');
    expect(within(form).getByLabelText(/^Phone/)).toBeTruthy();
    expect(form.hasAttribute('inert')).toBe(true);
  });
});

describe('ContactForm', () => {
  it('sends the trimmed message once every field is filled in', async () => {
    const sent: unknown[] = [];
    render(<ContactForm send={async (message) => void sent.push(message)} />);
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(form.hasAttribute('inert')).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(within(form).getByText('Phone is required')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.type(within(form).getByLabelText(/^Name/), ' Ada ');
    await userEvent.type(within(form).getByLabelText(/^Phone/), '+44 20 7946 0000');
    await userEvent.type(within(form).getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(within(form).getByLabelText(/^Subject/), 'Credits');
    await userEvent.type(within(form).getByLabelText(/^Message/), 'Where are mine? ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          ticketUserName: 'Ada',
          ticketUserEmail: 'ada@example.com',
          phone: '+44 20 7946 0000',
          subject: 'Credits',
          message: 'Where are mine?',
        },
      ]),
    );
  });
});

describe('the small image before a subtitle', () => {
  it('is the about block’s title circle and the contact block’s star, when set', () => {
    const about: AboutSettings = {
      title: 'About us',
      subtitle: 'Who we are',
      description: '',
      features: [],
      buttonText: '',
      buttonLink: '',
      backgroundImage: '',
      mainImage: '',
      circleTitleImage: 'https://cdn.example.com/circle.png',
      isActive: true,
    };
    const { container: aboutBlock } = render(<AboutBlock about={about} />);
    expect(imagesOf(aboutBlock)).toEqual(['https://cdn.example.com/circle.png']);
    expectDecorative(aboutBlock.querySelector('p img'));

    const { container: contactBlock } = render(
      <ContactBlock contact={{ ...contact, starImage: 'https://cdn.example.com/star.svg' }} />,
    );
    expect(imagesOf(contactBlock)).toEqual(['https://cdn.example.com/star.svg']);
    expectDecorative(contactBlock.querySelector('p img'));
  });
});

const IMAGE = 'https://cdn.example.com/backdrop.jpg';

const banner: BannerSettings = {
  subTitle: 'AI templates',
  mainTitle: 'Cold emails',
  highlightText: 'that land',
  description: 'Fast',
  buttonText: '',
  buttonLink: '',
  youtubeUrl: '',
  backgroundImage: '',
  isActive: true,
};

const sectionOf = (heading: HTMLElement) => heading.closest('section') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a block’s background image', () => {
  it('fills the section behind a panel that holds all of the block’s text', () => {
    render(<FeaturesBlock features={{ ...features, backgroundImage: IMAGE }} />);
    const heading = screen.getByRole('heading', { level: 2 });
    const section = sectionOf(heading);
    expect(section.style.backgroundImage).toBe(`url("${IMAGE}")`);
    // One panel inside the section, and every word of the block is on it.
    expect(section.children).toHaveLength(1);
    const panel = section.firstElementChild as HTMLElement;
    expect(panel.tagName).toBe('DIV');
    expect(panel.textContent).toBe(section.textContent);
    expect(panel.contains(heading)).toBe(true);
  });

  it('is absent, panel and all, while the admin has not set one, and nothing watches for it', () => {
    const observers = fakeIntersectionObserver();
    render(<FeaturesBlock features={features} />);
    const heading = screen.getByRole('heading', { level: 2 });
    const section = sectionOf(heading);
    expect(section.getAttribute('style')).toBeNull();
    expect(heading.parentElement).toBe(section);
    expect(observers.watching(section)).toHaveLength(0);
  });

  it('below the fold, loads only once the section comes near the viewport', () => {
    const observers = fakeIntersectionObserver();
    render(<FeaturesBlock features={{ ...features, backgroundImage: IMAGE }} />);
    const section = sectionOf(screen.getByRole('heading', { level: 2 }));
    expect(section.style.backgroundImage).toBe('');
    const [observer] = observers.watching(section);
    expect(observer?.options?.rootMargin).toBe('200px');

    act(() => observer?.report(section, 0));
    expect(section.style.backgroundImage).toBe('');
    act(() => observer?.report(section, 0.2));
    expect(section.style.backgroundImage).toBe(`url("${IMAGE}")`);
    // Loaded once: nothing watches the section any more.
    expect(observers.watching(section)).toHaveLength(0);
  });

  it('on the banner, loads with the first screen, behind its text but not its video', () => {
    const observers = fakeIntersectionObserver();
    render(<BannerBlock banner={{ ...banner, backgroundImage: IMAGE }} />);
    const heading = screen.getByRole('heading', { level: 1 });
    const section = sectionOf(heading);
    expect(section.style.backgroundImage).toBe(`url("${IMAGE}")`);
    expect(observers.watching(section)).toHaveLength(0);
    // The text column is the panel; the video sits on the image beside it.
    const textColumn = heading.parentElement as HTMLElement;
    expect(textColumn.parentElement).toBe(section);
    expect(textColumn.textContent).not.toContain('No video available');
    expect(section.textContent).toContain('No video available');
  });
});

describe('cssUrl', () => {
  it('quotes the address so that no character in it ends the value early', () => {
    expect(cssUrl('https://cdn.example.com/a.png')).toBe('url("https://cdn.example.com/a.png")');
    expect(cssUrl('https://cdn.example.com/a").png')).toBe(
      'url("https://cdn.example.com/a\\").png")',
    );
    expect(cssUrl('https://cdn.example.com/a\\b.png')).toBe(
      'url("https://cdn.example.com/a\\\\b.png")',
    );
  });
});
