import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ORDER_CODE_LENGTH = 8;

/**
 * An orderId or paymentId: 8 characters from A-Z and 0-9 (spec), from a CSPRNG so codes cannot
 * be guessed from one another. 36^8 ≈ 2.8e12 codes; unique indexes catch the rare collision and
 * the insert is retried with new codes.
 */
export function newOrderCode(): string {
  let code = '';
  for (let index = 0; index < ORDER_CODE_LENGTH; index++) code += ALPHABET[randomInt(36)];
  return code;
}
