import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PricingCard, type PricingCardProps } from './PricingCard';

function renderCard(props: Partial<PricingCardProps> = {}) {
  return render(
    <PricingCard
      title="Pro"
      headingLevel={3}
      price="$29 USD"
      features={['300 credits', 'Priority support']}
      action={<a href="/buy/p1">Buy Now</a>}
      {...props}
    />,
  );
}

describe('PricingCard', () => {
  it('shows the offer under a heading that names the card', () => {
    renderCard({ details: '300 credits · 30 days' });
    const card = screen.getByRole('article', { name: 'Pro' });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Pro');
    expect(within(card).getByText('$29 USD')).toBeTruthy();
    expect(within(card).getByText('300 credits · 30 days')).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['300 credits', 'Priority support']);
    expect(within(card).getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe(
      '/buy/p1',
    );
  });

  it('puts its heading at the level the page needs', () => {
    renderCard({ headingLevel: 2 });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Pro');
  });

  it('shows the offer’s icon, and the default one when it has none or it fails to load', () => {
    const { container, rerender } = renderCard();
    expect(container.querySelector('[data-default-icon]')).not.toBeNull();

    rerender(
      <PricingCard
        title="Pro"
        headingLevel={3}
        price="$29 USD"
        iconUrl="https://cdn.example.com/star.png"
        features={[]}
        action={null}
      />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://cdn.example.com/star.png');

    fireEvent.error(image!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-default-icon]')).not.toBeNull();
  });
});
