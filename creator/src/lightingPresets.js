/**
 * The lights of each lighting preset (lighting.js names them), as data the viewer makes three.js
 * lights of. Lights rather than environment maps: software WebGL compiles an environment-map shader
 * per material in seconds (viewer.js). `camera: true` lights turn with the camera, so the face stays
 * lit as the user orbits; `sky` is a hemisphere light [sky, ground, intensity].
 */
export const LIGHTING = {
  studio: {
    exposure: 1,
    sky: [0xf4f1ec, 0x5d544c, 1.6],
    lights: [
      { color: 0xfff4e8, intensity: 2.2, position: [1.2, 1.4, 2], camera: true },
      { color: 0xe8f0ff, intensity: 0.8, position: [-1.6, 0.4, 1.5], camera: true },
      { color: 0xffffff, intensity: 1.2, position: [0, 2, -3] },
    ],
  },
  daylight: {
    exposure: 1.05,
    sky: [0xcfe3ff, 0x8a7f6a, 2.2],
    lights: [
      { color: 0xfffbf0, intensity: 2.6, position: [2, 4, 2.5] },
      { color: 0xdde8ff, intensity: 0.6, position: [-1.5, 0.5, 1.5], camera: true },
    ],
  },
  warm_indoor: {
    exposure: 0.95,
    sky: [0xffe2bf, 0x4a3424, 1.3],
    lights: [
      { color: 0xffc98a, intensity: 2.4, position: [1.5, 1.8, 1.8], camera: true },
      { color: 0xffb070, intensity: 0.7, position: [-1.8, 0.8, 1], camera: true },
    ],
  },
  evening: {
    exposure: 0.9,
    sky: [0x7d86c4, 0x3a2a2e, 1.0],
    lights: [
      { color: 0xff9a52, intensity: 2.8, position: [3, 0.6, 1.5] },
      { color: 0x8ea2ff, intensity: 0.7, position: [-1.5, 1, 1.5], camera: true },
    ],
  },
  dramatic_rim: {
    exposure: 1,
    sky: [0x9aa3b5, 0x101014, 0.35],
    lights: [
      { color: 0xffffff, intensity: 1.6, position: [1.6, 1.2, 1.2], camera: true },
      { color: 0xbfd4ff, intensity: 3.5, position: [-2, 1.5, -2.5] },
      { color: 0xffe0c0, intensity: 3, position: [2, 1.5, -2.5] },
    ],
  },
};
