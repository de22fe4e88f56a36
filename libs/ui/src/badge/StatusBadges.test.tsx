import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriorityBadge, StatusBadge, TicketStatusBadge } from './StatusBadges';

describe('status badges', () => {
  it("shows 'Pending' for an order without a status", () => {
    render(<StatusBadge status="" />);
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it('upper-cases the status text on request', () => {
    render(<StatusBadge status="Paid" uppercase />);
    expect(screen.getByText('PAID')).toBeTruthy();
  });

  it('humanises ticket and priority slugs unless given text', () => {
    render(
      <>
        <TicketStatusBadge status="in-progress" />
        <PriorityBadge priority="very_high" />
        <PriorityBadge priority="medium">Soon</PriorityBadge>
      </>,
    );
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByText('Very high')).toBeTruthy();
    expect(screen.getByText('Soon')).toBeTruthy();
    expect(screen.queryByText('Medium')).toBeNull();
  });
});
