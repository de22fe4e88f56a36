/**
 * What a paid order's page is called: its invoice, numbered when it was paid; a receipt while the
 * invoice is still to be issued (the recovery sweep issues one a failure left out).
 */
export function documentOf(order: { invoice?: unknown }): 'Invoice' | 'Receipt' {
  return order.invoice ? 'Invoice' : 'Receipt';
}
