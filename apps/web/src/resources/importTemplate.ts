import type { Lang, ResourceDecl } from '@gx/contract';
import type { ExportAnswer } from '../api/resource';

/**
 * An empty CSV with the import columns' labels as the header, so a person starts from a sheet the import reads.
 * UTF-8 with a BOM, so spreadsheet programs show the Chinese labels correctly.
 */
export function importTemplate(decl: ResourceDecl, lang: Lang): ExportAnswer {
  const header = (decl.io?.import ?? []).map((name) => {
    const label = decl.fields[name]?.label[lang] ?? name;
    return /[",\n]/.test(label) ? `"${label.replace(/"/g, '""')}"` : label;
  });
  const text = `\uFEFF${header.join(',')}\r\n`;
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { filename: `${decl.key.replace(/\./g, '-')}-template.csv`, mimetype: 'text/csv', content: btoa(binary), rows: 0 };
}
