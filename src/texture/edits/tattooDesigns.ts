/**
 * `avatar.tattoos`' designs: line art with fills, drawn by our own code as SVG path data on a 100×100
 * canvas (no images: every design is ours to ship). White is ink; paintTattoos.ts rasterises them
 * with sharp at the size of their placement.
 */
export type TattooDesignName = 'rose' | 'tribal_band' | 'swallow' | 'anchor' | 'script_heart' | 'compass';

const stroke = (d: string, w = 3) => `<path d="${d}" fill="none" stroke="#fff" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
const fill = (d: string) => `<path d="${d}" fill="#fff"/>`;

/** Points around a circle, for the compass's ticks and the rose's petals. */
const around = (n: number, f: (a: number, i: number) => string) => Array.from({ length: n }, (_, i) => f((i / n) * Math.PI * 2, i)).join('');
const p = (x: number, y: number) => `${x.toFixed(1)} ${y.toFixed(1)}`;

const DESIGNS: Readonly<Record<TattooDesignName, string>> = {
  rose:
    around(5, (a) => stroke(`M50 42 Q${p(50 + 22 * Math.cos(a - 0.5), 42 + 22 * Math.sin(a - 0.5))} ${p(50 + 20 * Math.cos(a), 42 + 20 * Math.sin(a))} Q${p(50 + 22 * Math.cos(a + 0.5), 42 + 22 * Math.sin(a + 0.5))} 50 42`, 2.5)) +
    stroke('M50 42 m-7 0 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0', 2.5) + fill('M47 40 q3 -5 6 0 q-3 4 -6 0z') +
    stroke('M50 63 Q46 78 50 96', 3) + fill('M49 76 q-14 -8 -18 2 q10 4 18 -2z') + fill('M50 86 q14 -8 18 2 q-10 4 -18 -2z'),
  tribal_band:
    fill('M2 40 Q25 28 50 40 Q75 52 98 40 L98 48 Q75 60 50 48 Q25 36 2 48z') +
    fill('M2 56 Q25 44 50 56 Q75 68 98 56 L98 62 Q75 74 50 62 Q25 50 2 62z') +
    around(4, (_, i) => fill(`M${12 + i * 25} 48 l6 -14 l4 14 l-4 -4z`)),
  swallow:
    fill('M20 55 Q40 38 62 44 Q74 40 84 30 Q80 46 70 52 Q86 56 96 68 Q78 66 66 60 Q52 70 34 66 Q18 80 6 92 Q14 72 24 62 Q10 62 4 56 Q14 54 20 55z') +
    stroke('M30 58 Q46 50 60 52', 1.5),
  anchor:
    stroke('M50 22 L50 86', 6) + stroke('M36 34 L64 34', 5) + stroke('M50 12 m-7 0 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0', 4) +
    stroke('M18 64 Q22 88 50 88 Q78 88 82 64', 5) + fill('M12 68 L22 58 L26 70z') + fill('M88 68 L78 58 L74 70z'),
  script_heart:
    fill('M50 86 C18 64 10 44 22 30 C32 20 46 24 50 36 C54 24 68 20 78 30 C90 44 82 64 50 86z') +
    stroke('M8 60 Q30 48 50 58 T92 54', 3) + stroke('M24 58 q4 -10 8 0 q4 8 8 -2', 2),
  compass:
    stroke('M50 50 m-36 0 a36 36 0 1 0 72 0 a36 36 0 1 0 -72 0', 3) +
    around(16, (a, i) => stroke(`M${p(50 + 36 * Math.cos(a), 50 + 36 * Math.sin(a))} L${p(50 + (i % 4 ? 31 : 27) * Math.cos(a), 50 + (i % 4 ? 31 : 27) * Math.sin(a))}`, 2)) +
    fill('M50 8 L57 50 L50 92 L43 50z') + fill('M8 50 L50 45 L92 50 L50 55z'),
};

/** The design as an SVG document, `size` pixels square. */
export function tattooSvg(name: TattooDesignName, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="#000"/>${DESIGNS[name]}</svg>`;
}
