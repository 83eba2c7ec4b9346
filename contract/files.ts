/** Where an uploaded file is served from: `/files/` followed by its storage key, each segment URL-encoded. */
export function fileUri(key: string): string {
  return `/files/${key.split("/").map(encodeURIComponent).join("/")}`;
}
