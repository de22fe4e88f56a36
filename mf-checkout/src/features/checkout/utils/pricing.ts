import { PROCESSING_FEE_RATE } from '@coldmail/contracts';

export interface PriceBreakdown {
  price: number;
  processingFee: number;
  total: number;
}

/** Spec: the total is the price plus the processing fee (rate 0, so the fee is 0.00). */
export function priceBreakdownOf(price: number): PriceBreakdown {
  const processingFee = Math.round(price * PROCESSING_FEE_RATE * 100) / 100;
  return { price, processingFee, total: Math.round((price + processingFee) * 100) / 100 };
}
