/** The fabrics garments are drawn in (fabricTexture.ts paints them). */
export const FABRIC_NAMES = ['cotton', 'knit', 'denim', 'leather', 'canvas', 'wool', 'nylon'] as const;
export type FabricName = (typeof FABRIC_NAMES)[number];
