// Saving a file from the page (CSV, JSON, the brand export): an object URL and a download link, which work over
// plain http on a LAN till too. The URL is revoked later, not at once: some browsers read it after click().

/** Saves a blob as a file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
