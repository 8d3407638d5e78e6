/**
 * Runs in the browser (pass it to `locator.evaluate`): how many pixels of a canvas are not
 * near-white, read with `getImageData`. A drawn page of text has thousands; a blank one none.
 */
export function countInkPixels(canvas: Element): number {
  if (!(canvas instanceof HTMLCanvasElement) || canvas.width === 0 || canvas.height === 0) return 0;
  const context = canvas.getContext('2d');
  if (!context) return 0;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let ink = 0;
  for (let index = 0; index < data.length; index += 4) {
    const alpha = data[index + 3];
    if (alpha > 0 && data[index] + data[index + 1] + data[index + 2] < 600) ink++;
  }
  return ink;
}
