import { formatTime, siteTimeZone } from '../../../shared/clock';

/**
 * The one layout of every mail the site sends (decision 097): a plain-text part and an HTML part
 * written from the same blocks, the company's name and phone at the foot, times in the site's zone.
 * The HTML has inline styles only and no remote images (a mail client shows it as sent, and
 * nothing tells a tracker the mail was opened); every value in it is escaped.
 *
 * The outbox takes only what `layMail` makes: the type is branded, and the outbox checks the
 * brand at run time too, so a mail written by hand cannot be queued.
 */

/** Who a mail speaks for, from the settings: its name and phone, and the zone its times are read in. */
export interface MailSite {
  companyName: string;
  phone: string;
  timeZone: string;
}

/** A value in a mail: text, or an instant, written in the site's zone. */
export type MailValue = string | Date;

export type MailBlock =
  /** A paragraph; its line breaks are kept. */
  | { kind: 'text'; text: string }
  /** Labelled values (`Label: value` in the text part), a visitor's words each kept to their own value. */
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: MailValue])[] }
  /** The mail's one thing to do: a button in HTML, the link on a line of its own in text. */
  | { kind: 'action'; label: string; url: string }
  /** Small print: why this mail came, what to do if it was not you. */
  | { kind: 'note'; text: string };

export interface MailContent {
  subject: string;
  /** The first line, larger: what happened, in a few words. */
  heading: string;
  /** An urgent mail carries a red band saying so, above its heading. */
  urgent?: string;
  blocks: readonly MailBlock[];
}

declare const laidOutBrand: unique symbol;

/** A mail ready for the outbox: only `layMail` makes one. */
export interface LaidOutMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly [laidOutBrand]: true;
}

const made = new WeakSet<object>();

/** Whether `value` came from `layMail` (the outbox's check at run time). */
export const isLaidOut = (value: unknown): value is LaidOutMail =>
  typeof value === 'object' && value !== null && made.has(value);

export const paragraph = (text: string): MailBlock => ({ kind: 'text', text });
export const fields = (rows: readonly (readonly [string, MailValue])[]): MailBlock => ({
  kind: 'fields',
  rows,
});
export const action = (label: string, url: string): MailBlock => ({ kind: 'action', label, url });
export const note = (text: string): MailBlock => ({ kind: 'note', text });

/** Line breaks of every kind, and other control characters, none of which belong in a header. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/;

/** A value as one line of a subject: control characters and runs of space made one space. */
export function oneLine(value: unknown): string {
  return String(value ?? '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const valueText = (value: MailValue, site: MailSite) =>
  value instanceof Date ? formatTime(value, site.timeZone) : value;

/**
 * One field as `Label: value`. A value of several lines continues on lines indented by two spaces,
 * so nothing a visitor writes can start a line of its own and pass for another field
 * ("Email: ...") or for the foot of the mail.
 */
function fieldLine(label: string, value: string): string {
  const [first = '', ...rest] = value.split(LINE_BREAK);
  return [`${label}: ${first}`, ...rest.map((line) => `  ${line}`)].join('\n');
}

function textBlock(block: MailBlock, site: MailSite): string {
  switch (block.kind) {
    case 'text':
    case 'note':
      return block.text;
    case 'fields':
      return block.rows.map(([label, value]) => fieldLine(label, valueText(value, site))).join('\n');
    case 'action':
      // The link on a line of its own: short lines travel as plain text, never cut by an encoding.
      return `${block.label}:\n${block.url}`;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const lines = (text: string) => escapeHtml(text).split(LINE_BREAK).join('<br>');

const FONT = "-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
const style = {
  page: 'margin:0;padding:0;background:#eef2f6;',
  card: 'width:100%;max-width:600px;background:#ffffff;border:1px solid #d5dde6;border-radius:10px;border-collapse:separate;',
  brand: `padding:18px 24px;border-bottom:1px solid #e3e8ee;font:700 17px/1.3 ${FONT};color:#0b3d62;`,
  band: `padding:12px 24px;background:#b42318;color:#ffffff;font:700 15px/1.3 ${FONT};letter-spacing:0.03em;`,
  body: 'padding:24px;',
  heading: `margin:0 0 16px;font:700 22px/1.3 ${FONT};color:#111827;`,
  text: `margin:0 0 16px;font:400 16px/1.55 ${FONT};color:#1f2937;`,
  note: `margin:0 0 12px;font:400 14px/1.5 ${FONT};color:#4b5563;`,
  label: `padding:10px 0 2px;font:600 13px/1.3 ${FONT};color:#4b5563;text-transform:uppercase;letter-spacing:0.04em;border-top:1px solid #e8edf2;`,
  value: `padding:0 0 10px;font:400 17px/1.45 ${FONT};color:#111827;word-break:break-word;`,
  button: `display:inline-block;padding:14px 22px;background:#0b5cab;color:#ffffff;text-decoration:none;border-radius:8px;font:600 16px/1.2 ${FONT};`,
  plainLink: `margin:8px 0 20px;font:400 13px/1.5 ${FONT};color:#4b5563;word-break:break-all;`,
  foot: `padding:16px 24px;border-top:1px solid #e3e8ee;font:400 14px/1.5 ${FONT};color:#4b5563;`,
  link: 'color:#0b5cab;',
};

function htmlBlock(block: MailBlock, site: MailSite): string {
  switch (block.kind) {
    case 'text':
      return `<p style="${style.text}">${lines(block.text)}</p>`;
    case 'note':
      return `<p style="${style.note}">${lines(block.text)}</p>`;
    case 'fields':
      // Label above value, not beside it: legible at a phone's width without a media query.
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="${style.label}">${escapeHtml(label)}</td></tr><tr><td style="${style.value}">${lines(valueText(value, site))}</td></tr>`,
        )
        .join('')}</table>`;
    case 'action': {
      const href = escapeHtml(block.url);
      return `<p style="margin:8px 0 0;"><a href="${href}" style="${style.button}">${escapeHtml(block.label)}</a></p><p style="${style.plainLink}">${escapeHtml('Or open this link:')} <a href="${href}" style="${style.link}">${href}</a></p>`;
    }
  }
}

/** The phone as a `tel:` link: its digits and a leading plus only. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The mail `content` says, laid out for `site`: subject, text part and HTML part. */
export function layMail(site: MailSite, content: MailContent): LaidOutMail {
  const subject = oneLine(content.subject).slice(0, 200);
  const company = site.companyName.trim() || 'Website';
  const phone = site.phone.trim();
  const text = `${[
    ...(content.urgent ? [`*** ${content.urgent} ***`] : []),
    content.heading,
    ...content.blocks.map((block) => textBlock(block, site)),
  ].join('\n\n')}\n\n-- \n${company}${phone ? `\n${phone}` : ''}\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="${style.page}"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef2f6;"><tr><td align="center" style="padding:20px 10px;">
<table role="presentation" cellpadding="0" cellspacing="0" style="${style.card}">
<tr><td style="${style.brand}">${escapeHtml(company)}</td></tr>
${content.urgent ? `<tr><td style="${style.band}">${escapeHtml(content.urgent)}</td></tr>\n` : ''}<tr><td style="${style.body}">
<h1 style="${style.heading}">${lines(content.heading)}</h1>
${content.blocks.map((block) => htmlBlock(block, site)).join('\n')}
</td></tr>
<tr><td style="${style.foot}">${escapeHtml(company)}${phone ? ` · <a href="${escapeHtml(telOf(phone))}" style="${style.link}">${escapeHtml(phone)}</a>` : ''}</td></tr>
</table></td></tr></table></body></html>
`;
  const mail = { subject, text, html } as LaidOutMail;
  made.add(mail);
  return Object.freeze(mail);
}

/** The mail's site from the stored settings; a zone that is not one reads as the default. */
export const mailSiteOf = (settings: {
  companyName: string;
  phone: string;
  timeZone?: unknown;
}): MailSite => ({
  companyName: settings.companyName,
  phone: settings.phone,
  timeZone: siteTimeZone(settings.timeZone),
});
