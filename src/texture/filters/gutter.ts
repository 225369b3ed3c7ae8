/** One map a {@link gutter} carries outwards: its texels, `channels` bytes each. */
export interface GutterLayer {
  data: Uint8Array;
  channels: number;
}

/**
 * Carries the texels of a layout's islands into the unused texels around them, up to `reach` texels
 * out, each taking every layer's values at the nearest seed texel (breadth first, 4-neighbours), in
 * place. A renderer's bilinear sampling and coarser mipmap levels blend the texels beside an island
 * into it: where those are another colour, a thin UV triangle (the wedges meeting at a pole) shows
 * them as dark lines. `seed` picks which used texels spread (default all of them); used texels are
 * never written. Written here rather than taken from a library: what it needs is per-map channels
 * over a mask of texels, in place, and no image library does that without copying every map.
 *
 * ```ts
 * gutter([{ data: color, channels: 3 }, { data: mask, channels: 1 }], used, 4096, 2048, 32);
 * ```
 */
export function gutter(layers: GutterLayer[], used: Uint8Array, width: number, height: number, reach: number, seed?: (k: number) => boolean): void {
  const done = new Uint8Array(width * height);
  // Flat queues of texel indices, no per-texel arrays: the seeds alone can be a hundred thousand.
  let queue: Int32Array = new Int32Array(1024), length = 0;
  const push = (list: Int32Array, n: number, k: number): Int32Array => {
    if (n === list.length) {
      const grown = new Int32Array(list.length * 2);
      grown.set(list);
      list = grown;
    }
    list[n] = k;
    return list;
  };
  for (let j = 0; j < height; j++) {
    for (let i = 0, k = j * width; i < width; i++, k++) {
      if (!used[k] || (seed && !seed(k))) continue;
      if ((i > 0 && !used[k - 1]) || (i + 1 < width && !used[k + 1]) || (j > 0 && !used[k - width]) || (j + 1 < height && !used[k + width])) {
        queue = push(queue, length++, k);
      }
    }
  }
  let next: Int32Array = new Int32Array(queue.length);
  for (let step = 1; step <= reach && length; step++) {
    let nextLength = 0;
    for (let q = 0; q < length; q++) {
      const k = queue[q];
      const i = k % width;
      for (let side = 0; side < 4; side++) {
        const n = side === 0 ? (i > 0 ? k - 1 : -1) : side === 1 ? (i + 1 < width ? k + 1 : -1) : side === 2 ? k - width : k + width;
        if (n < 0 || n >= used.length || used[n] || done[n]) continue;
        done[n] = 1;
        for (const { data, channels } of layers) for (let c = 0; c < channels; c++) data[n * channels + c] = data[k * channels + c];
        next = push(next, nextLength++, n);
      }
    }
    [queue, next] = [next, queue];
    length = nextLength;
  }
}
