/**
 * The selfie: the camera in a box over the viewer (getUserMedia), and a JPEG of the frame when the
 * user takes it. The stream stops as soon as the box closes, so the camera light goes off.
 */
export async function takeSelfie() {
  const box = document.getElementById('camera');
  const video = box.querySelector('video');
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false });
  video.srcObject = stream;
  box.hidden = false;
  try {
    await video.play();
    const take = box.querySelector('[data-action="take"]');
    const cancel = box.querySelector('[data-action="cancel"]');
    const chosen = await new Promise((resolve) => {
      take.onclick = () => resolve(true);
      cancel.onclick = () => resolve(false);
    });
    if (!chosen) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d').drawImage(video, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.92);
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
    box.hidden = true;
  }
}
