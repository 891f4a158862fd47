/**
 * A phone's photo is often 3–8 MB, and a customer's connection at night may carry well under
 * 1 Mbit/s, while a visitor's upload must arrive within VISITOR_UPLOAD_SECONDS (decision 010, "Slow
 * anonymous uploads"). The server stores at most 2,560 px on the long side anyway, so the browser
 * sends no more: a large photo is drawn at that size and sent as a JPEG, usually a fifth of the
 * bytes. The drawing keeps no camera metadata (place, device). Whatever the browser cannot decode
 * or draw is sent as it was, and the server decides.
 */
const LONG_SIDE = 2560;
/** Smaller files are sent as they are: the time saved would not pay for the decoding. */
const SEND_AS_IS_BYTES = 1024 * 1024;
const QUALITY = 0.85;

export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SEND_AS_IS_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A transparent PNG's background would turn black in a JPEG.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
