/** Hands a Blob to the browser as a download with the given file name (the object URL is released after). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers start the download asynchronously: keep the URL alive a moment.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
