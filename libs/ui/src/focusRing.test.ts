import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));
const theme = readFileSync(join(src, 'theme.css'), 'utf8');

function token(name: string): string {
  const value = new RegExp(`${name}:\\s*([^;]+);`).exec(theme)?.[1];
  if (!value) throw new Error(`theme.css has no ${name}`);
  return value.trim();
}

type Rgb = [number, number, number];

/** '#4f46e5', '#fff' or 'rgba(79, 70, 229, 0.35)' (laid over white), as 0-255 channels. */
function rgbOf(colour: string): Rgb {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(colour)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as Rgb;
  }
  const [r = 0, g = 0, b = 0, alpha = 1] = (/rgba?\(([^)]+)\)/.exec(colour)?.[1] ?? '')
    .split(',')
    .map(Number);
  return [r, g, b].map((channel) => channel * alpha + 255 * (1 - alpha)) as Rgb;
}

/** WCAG 2 contrast ratio. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = rgbOf(colour).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The rings of a box-shadow list, inside out: their spread (px) and colour. */
function ringsOf(shadow: string) {
  return shadow.split(/,(?![^(]*\))/).map((ring) => {
    const colour = /(#[\da-f]+|rgba?\([^)]+\))/i.exec(ring)?.[1] ?? '';
    const spread = Number(/(\d+)px/.exec(ring)?.[1] ?? 0);
    return { colour, spread };
  });
}

describe('the focus ring', () => {
  const rings = ringsOf(token('--cm-focus-ring'));
  const outer = rings.at(-1)!;
  const inner = rings[0]!;

  it('reads at 3:1 or more on white and on the page background (WCAG 1.4.11)', () => {
    expect(outer.spread - (rings.length > 1 ? inner.spread : 0)).toBeGreaterThanOrEqual(2);
    expect(contrast(outer.colour, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(outer.colour, token('--cm-color-background'))).toBeGreaterThanOrEqual(3);
  });

  it('is set off at 3:1 or more from a primary or danger button it surrounds', () => {
    for (const fill of [token('--cm-color-primary'), token('--cm-color-danger')]) {
      expect(contrast(inner.colour, fill), fill).toBeGreaterThanOrEqual(3);
    }
  });

  it('is the same ring in every component that falls back on it without the theme', () => {
    const fallbacks = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.module.css'))
      .flatMap((file) =>
        [...readFileSync(join(src, file), 'utf8').matchAll(/var\(--cm-focus-ring, (.+)\);/g)].map(
          (match) => match[1],
        ),
      );
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(new Set(fallbacks)).toEqual(new Set([token('--cm-focus-ring')]));
  });
});
