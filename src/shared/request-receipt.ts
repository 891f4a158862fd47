import { whatsappHref } from './whatsapp';

/**
 * What a customer is told once their request is in, in their words: the thank-you page (with and
 * without JavaScript) says it, and the confirmation mail can say the same.
 */

/** What happens next: an urgent request goes to the technician on call at any hour (decision 095). */
export function whatHappensNext(request: { urgent: boolean; phone: string }): string {
  return request.urgent
    ? `Our technician on call has your request now and will phone you at ${request.phone}, day or night. Keep your phone close.`
    : `Our office will phone you at ${request.phone} during its opening hours to arrange a visit.`;
}

/** The words a customer sends themselves on WhatsApp, so the private link is not lost with the tab. */
export const keepLinkText = (receipt: { company: string; reference: string; trackLink: string }) =>
  `My request ${receipt.reference} to ${receipt.company}. Where it stands: ${receipt.trackLink}`;

/** "Send this link to my WhatsApp": a chat with the customer's own number, the words typed in. */
export const keepLinkHref = (phone: string, receipt: Parameters<typeof keepLinkText>[0]) =>
  whatsappHref(phone, keepLinkText(receipt));
