/**
 * Desktop's GIF button (isGifButtonVisible): a short animated GIF of the avatar drawn by the viewer,
 * turning once about itself, or playing the clip the animations panel plays. Loaded with import()
 * when the button is pressed, with its encoder, so none of it weighs on the page's loading.
 */
import { encodeGif, gifPlan, gifSize } from './gifEncode.js';

/**
 * Records the viewer's frames and returns the GIF's bytes. The camera turns about the point it looks
 * at, as the user's orbit would, so the lights that follow it keep the face lit; with a clip playing
 * the camera stays where the user put it and the clip advances evenly, one step a frame, whatever
 * time the drawing takes. `background` fills behind the avatar (a GIF has no soft transparency).
 */
export async function recordGif(viewer, { background, onProgress = () => {} }) {
  const { count, delay, step, turn } = gifPlan();
  const canvas = viewer.renderer.domElement;
  const { width, height } = gifSize(canvas.width, canvas.height);
  const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  const { camera, controls } = viewer;
  // A clip of either layer (a walk, a face demo or both) is stepped; with none the camera turns.
  const clip = viewer.playing;
  const face = viewer.face;
  const saved = { position: camera.position.clone(), enabled: controls.enabled };
  const target = controls.target.clone();
  const offset = camera.position.clone().sub(target);
  const radius = Math.hypot(offset.x, offset.z), start = Math.atan2(offset.x, offset.z);
  // The viewer's own loop must not advance the clip meanwhile: the frames step it.
  viewer.playing = null;
  viewer.face = null;
  controls.enabled = false;
  const frames = [];
  try {
    for (let i = 0; i < count; i++) {
      if (clip || face) viewer.mixer.update(i === 0 ? 0 : step);
      else {
        const a = start + turn(i);
        camera.position.set(target.x + radius * Math.sin(a), target.y + offset.y, target.z + radius * Math.cos(a));
        camera.lookAt(target);
      }
      viewer.renderer.render(viewer.scene, camera);
      // Copied in the same task as the drawing, before the browser presents or clears the buffer.
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(canvas, 0, 0, width, height);
      frames.push(ctx.getImageData(0, 0, width, height).data);
      onProgress(((i + 1) / count) * 0.8);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    camera.position.copy(saved.position);
    camera.lookAt(target);
    controls.enabled = saved.enabled;
    viewer.playing = clip;
    viewer.face = face;
    viewer.clock.getDelta();
    viewer.requestRender();
  }
  return encodeGif(frames, width, height, delay);
}
