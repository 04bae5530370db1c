// Console output only: headings, aligned tables, number formats.

const RULE = 78;

export function heading(title: string): void {
  console.log(`\n${'='.repeat(RULE)}\n${title}\n${'='.repeat(RULE)}`);
}

export function subheading(title: string): void {
  console.log(`\n-- ${title} ${'-'.repeat(Math.max(0, RULE - title.length - 4))}`.trimEnd());
}

export const note = (text: string) => console.log(`   ${text}`);
export const warn = (text: string) => console.log(`!! ${text}`);

/** Columns whose header starts with a letter are left-aligned, others right-aligned (numbers). */
export function table(headers: string[], rows: string[][], rightAligned: boolean[] = headers.map((_, i) => i > 0)): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : '-');
/** autocannon's histogram holds whole milliseconds: 0 means under one. */
export const wholeMs = (n: number) => (Number.isFinite(n) ? (n < 1 ? '<1 ms' : `${Math.round(n)} ms`) : '-');
export const ratio = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : '-');
export const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
