/** A multipart body of named files, as the official clients send them (URL-encoded paths as filenames). */
export function multipartForm(files: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, content] of files) data.append('file', new Blob([content], { type: 'application/octet-stream' }), encodeURIComponent(name));
  return data;
}
