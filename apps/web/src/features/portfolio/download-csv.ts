/** Saves text as a CSV file through a temporary link (the browser's download, no new window). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the next turn is late enough to let the URL go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
