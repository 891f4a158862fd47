import { normalisePhone } from './phone';

/** `03001234567` as WhatsApp wants it: the country code and no leading zero (`923001234567`). */
export function internationalDigits(phone: string): string {
  const national = normalisePhone(phone).replace(/\D/g, '');
  return national.length === 11 && national.startsWith('0') ? `92${national.slice(1)}` : national;
}

/**
 * A WhatsApp chat with `phone` as anyone wrote it (`+92 300 1234567`, `0300 1234567`: wa.me wants
 * the international digits), `text` already typed in it when given.
 */
export const whatsappHref = (phone: string, text?: string) =>
  `https://wa.me/${internationalDigits(phone)}${text === undefined ? '' : `?text=${encodeURIComponent(text)}`}`;
