import type { ReactNode } from 'react';
import { Badge } from './Badge';
import { orderStatusTone, priorityTone, ticketStatusTone } from './tones';

interface StatusBadgeProps {
  /** Order/payment status as the API sends it; empty means the order is still pending. */
  status?: string | null;
  uppercase?: boolean;
}

export function StatusBadge({ status, uppercase = false }: StatusBadgeProps) {
  const text = status?.trim() || 'Pending';
  return <Badge tone={orderStatusTone(text)}>{uppercase ? text.toUpperCase() : text}</Badge>;
}

/** 'in-progress' → 'In progress': ticket and priority values arrive as slugs. */
function humanise(value: string): string {
  const words = value.trim().replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface SlugBadgeProps {
  /** Overrides the humanised text. */
  children?: ReactNode;
}

export function TicketStatusBadge({ status, children }: SlugBadgeProps & { status: string }) {
  return <Badge tone={ticketStatusTone(status)}>{children ?? humanise(status)}</Badge>;
}

export function PriorityBadge({ priority, children }: SlugBadgeProps & { priority: string }) {
  return <Badge tone={priorityTone(priority)}>{children ?? humanise(priority)}</Badge>;
}
