import { productName } from '../brand';

// Every mail has a plain-text and an HTML part saying the same thing. Values are escaped into HTML.

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

interface Layout {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Rows shown as a list (alerts, digests); `url` links the title, `links` follow the detail. */
  items?: { title: string; detail: string; url?: string; links?: { label: string; url: string }[] }[];
  footer?: string[];
  unsubscribeUrl?: string;
}

export function renderMail(layout: Layout): RenderedMail {
  const text = [
    layout.greeting,
    '',
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(layout.items ?? []).flatMap((item) => [`- ${item.title}`, `  ${item.detail}`, ...(item.url ? [`  ${item.url}`] : []), ...(item.links ?? []).map((link) => `  ${link.label}: ${link.url}`), '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...(layout.footer ?? []),
    ...(layout.unsubscribeUrl ? ['', `Unsubscribe: ${layout.unsubscribeUrl}`] : []),
    '',
    `— ${productName}`,
  ].join('\n');

  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="background:#f7931a;color:#111;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(layout.action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser: <br><span style="word-break:break-all">${escapeHtml(layout.action.url)}</span></p>`
    : '';
  const items = layout.items?.length
    ? `<ul style="padding-left:18px">${layout.items
        .map((item) => `<li style="margin-bottom:12px"><strong>${item.url ? `<a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>` : escapeHtml(item.title)}</strong><br><span style="color:#444">${escapeHtml(item.detail)}</span>${(item.links ?? []).map((link) => `<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`).join('')}</li>`)
        .join('')}</ul>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head><body style="font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:700;font-size:18px">${escapeHtml(productName)}</p>
<p>${escapeHtml(layout.greeting)}</p>
${layout.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${items}${button}
${(layout.footer ?? []).map((line) => `<p style="font-size:13px;color:#555">${escapeHtml(line)}</p>`).join('\n')}
${layout.unsubscribeUrl ? `<p style="font-size:12px;color:#777"><a href="${escapeHtml(layout.unsubscribeUrl)}">Unsubscribe</a> from these emails.</p>` : ''}
</body></html>`;
  return { subject: layout.subject, text, html };
}
