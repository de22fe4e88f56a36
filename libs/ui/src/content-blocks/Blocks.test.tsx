import type {
  AboutSettings,
  ContactSettings,
  FeaturesSettings,
  TestimonialSettings,
} from '@coldmail/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AboutBlock, ContactBlock, FeaturesBlock, TestimonialBlock } from './Blocks';

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

  it('shows the button text beneath a stand-in for the form (the editor’s preview)', () => {
    render(
      <ContactBlock contact={contact}>
        <p>The contact form shows here.</p>
      </ContactBlock>,
    );
    expect(screen.getByText('The contact form shows here.')).toBeTruthy();
    expect(screen.getByText('Ask us anything')).toBeTruthy();
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
