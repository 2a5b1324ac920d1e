// Downloads the browser makes from data it already holds (a fetched body with a token in a header,
// recovery codes made in the page): a plain link cannot carry the header or the data.

/** Saves `blob` as a file called `name` through a temporary link; the object URL is freed afterwards. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns: free it once the download has surely started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a download response gives in its Content-Disposition header, or `fallback`. */
export const attachmentName = (res: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;
