import {
  brand,
  DELIVERY,
  formatINRCompact,
  FREE_SHIPPING_THRESHOLD_PAISE,
  LIMITS,
  SHIPPING_FEE_PAISE,
} from '@vanya/catalog';

// The shop's legal pages: Terms, Privacy, Shipping and Cancellation & Refund. Their figures come
// from packages/catalog and the owner's shop settings, so the pages say what the checkout and the
// server do.

export type PolicySection = {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
};
export type PolicyDocument = {
  heading: string;
  lead: string;
  sections: readonly PolicySection[];
};

const a = brand.address;
const POSTAL = `${a.line1}, ${a.line2}, ${a.city}, ${a.state} ${a.pinCode}, ${a.country}`;
const CONTACT = `${brand.supportEmail}, ${brand.phone}, or by post to ${brand.name}, ${POSTAL}`;
const FEE = formatINRCompact(SHIPPING_FEE_PAISE);
const DAYS = `${DELIVERY.businessDaysMin}-${DELIVERY.businessDaysMax}`;
const RETURN_DAYS = LIMITS.returnWindowDays;
const REFUND_DAYS = '5-7 working days';

/**
 * The legal texts with the owner's free-shipping threshold (the catalogue's unless given), as the
 * cart and the checkout charge it.
 */
export function legalTexts(freeShippingThresholdPaise: number = FREE_SHIPPING_THRESHOLD_PAISE) {
  const FREE_FROM = formatINRCompact(freeShippingThresholdPaise);
  return {
    updated: 'Last updated: 1 August 2025',
    questions: 'Questions about this policy?',
    contactUs: 'Contact us',
    related: 'Our policies',

    terms: {
      heading: 'Terms and Conditions',
      lead: `These terms apply when you browse ${brand.website} or buy from ${brand.name}. By placing an order you agree to them, so please read them once.`,
      sections: [
        {
          heading: 'Who we are',
          paragraphs: [
            `${brand.website} is run by ${brand.name}, a natural skincare maker based in ${a.city}, ${a.state}. You can reach us at ${CONTACT}.`,
          ],
        },
        {
          heading: 'Your account',
          paragraphs: [
            'You need an account with a verified email address to place an order. Keep your password to yourself; you are responsible for orders placed from your account. Tell us at once if you think someone else has used it.',
          ],
        },
        {
          heading: 'Products and prices',
          paragraphs: [
            'We describe and photograph our products as faithfully as we can. Being handmade from natural ingredients, colour, scent and texture may vary slightly from batch to batch.',
            'All prices are in Indian rupees and include GST. The tax is shown on your order and on the GST invoice we issue for every paid order (CGST and SGST for deliveries in Maharashtra, IGST elsewhere). We may change prices at any time, but the price you pay is the one shown when you placed the order.',
          ],
        },
        {
          heading: 'Orders and payment',
          paragraphs: [
            'Your order is an offer to buy. It is accepted when your payment is confirmed and we send the order confirmation. We may decline or cancel an order, for example when a product is out of stock or the price was shown wrongly; if you have paid, we refund you in full.',
            'Payments are processed securely by Razorpay by UPI, debit or credit card, or net banking. We never see or store your card details.',
            'Some products are sold as pre-orders: the product page and checkout say when dispatch starts.',
          ],
        },
        {
          heading: 'Delivery, cancellation and returns',
          paragraphs: [
            `We ship across India. Shipping is free on orders of ${FREE_FROM} and above, otherwise ${FEE}. You can cancel an order until it is packed, and return products within ${RETURN_DAYS} days of delivery. The details are in our Shipping Policy, Cancellation & Refund Policy and Return Policy, which form part of these terms.`,
          ],
        },
        {
          heading: 'Using our products',
          paragraphs: [
            'Our products are for external use only. Read the ingredients before use and do a patch test on a small area of skin. Stop using a product if it irritates your skin, and consult a doctor if the irritation lasts.',
          ],
        },
        {
          heading: 'Our content',
          paragraphs: [
            `The text, photographs, videos and logos on this site belong to ${brand.name}. Please do not copy them for commercial use without our written permission.`,
          ],
        },
        {
          heading: 'Liability',
          paragraphs: [
            'We are responsible for the products we sell as the law requires. We are not liable for losses that were not foreseeable, or for delays caused by events beyond our reasonable control (such as natural disasters, strikes or courier disruptions). Nothing in these terms limits your rights as a consumer under the Consumer Protection Act, 2019.',
          ],
        },
        {
          heading: 'Law and disputes',
          paragraphs: [
            `These terms are governed by the laws of India. We will always try to resolve a complaint with you first: write to ${brand.supportEmail}. Disputes that cannot be settled are subject to the courts of ${a.city}, ${a.state}.`,
          ],
        },
        {
          heading: 'Grievance officer',
          paragraphs: [
            `As required by the Consumer Protection (E-Commerce) Rules, 2020, our grievance officer can be reached at ${CONTACT}. We acknowledge complaints within 48 hours and resolve them within one month.`,
          ],
        },
      ],
    } satisfies PolicyDocument,

    privacy: {
      heading: 'Privacy Policy',
      lead: `How ${brand.name} collects, uses and protects your personal data, in line with the Information Technology Act, 2000 and the Digital Personal Data Protection Act, 2023.`,
      sections: [
        {
          heading: 'What we collect',
          paragraphs: ['We collect only what we need to run the shop and deliver your orders:'],
          list: [
            'Account details: your name, email address, mobile number and password (stored only as a secure hash).',
            'Order details: delivery address, the products you buy, your GSTIN if you give one, and payment references from Razorpay (never your card number or UPI PIN).',
            'What you send us: support tickets, return requests, contact messages and any photos you attach.',
            'Technical data: sign-in history (time, device and IP address) to keep your account safe, and, only with your consent, analytics cookies.',
          ],
        },
        {
          heading: 'How we use it',
          paragraphs: [
            'To create and secure your account, process and deliver orders, issue GST invoices, handle returns and refunds, answer your questions and meet our legal and tax obligations. We do not sell your personal data, and we do not send marketing emails unless you join our community.',
          ],
        },
        {
          heading: 'Who we share it with',
          paragraphs: [
            'Only with those who help us serve you, and only what they need: Razorpay for payments, our courier partners for delivery (name, address and phone number), our email and SMS providers, and government authorities where the law requires it.',
          ],
        },
        {
          heading: 'Cookies',
          paragraphs: [
            'We use essential storage to keep you signed in and remember your cart and wishlist. Analytics cookies load only if you accept them in the cookie banner; you can change your choice at any time.',
          ],
        },
        {
          heading: 'How long we keep it',
          paragraphs: [
            'Account data is kept while your account is open. Invoices and order records are kept for eight years, as tax law requires. Everything else is deleted when it is no longer needed.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            `You can see and correct your details in My Account at any time. You may also ask us for a copy of your data, or to delete your account and data (except what the law requires us to keep), by writing to ${brand.supportEmail}. We reply within 30 days.`,
          ],
        },
        {
          heading: 'Security',
          paragraphs: [
            'Your data travels over encrypted connections, passwords are hashed, and access is limited to the people who need it to run the shop.',
          ],
        },
        {
          heading: 'Grievance officer',
          paragraphs: [
            `For any question or complaint about your data, contact our grievance officer at ${CONTACT}.`,
          ],
        },
      ],
    } satisfies PolicyDocument,

    shipping: {
      heading: 'Shipping Policy',
      lead: `Where we ship, what it costs and when your order arrives.`,
      sections: [
        {
          heading: 'Where we ship',
          paragraphs: [
            'We ship to every serviceable PIN code in India through trusted courier partners. We do not ship outside India yet.',
          ],
        },
        {
          heading: 'Shipping charges',
          paragraphs: [
            `Shipping is free on orders of ${FREE_FROM} and above. Smaller orders pay a flat ${FEE}. The charge is shown in your cart and at checkout before you pay, and includes GST.`,
          ],
        },
        {
          heading: 'When your order leaves us',
          paragraphs: [
            'We pack and dispatch paid orders within 1-2 business days from our workshop in Latur. Pre-order products are dispatched from the date shown on the product page and at checkout.',
          ],
        },
        {
          heading: 'Delivery time',
          paragraphs: [
            `Orders are delivered within ${DAYS} business days after dispatch. Remote areas may take a few days longer. Business days are Monday to Saturday, except public holidays.`,
          ],
        },
        {
          heading: 'Tracking your order',
          paragraphs: [
            'When your parcel is shipped we email you the courier and tracking number. You can also follow every step of your order in My Account, under Orders.',
          ],
        },
        {
          heading: 'Damaged or missing parcels',
          paragraphs: [
            `If your parcel arrives damaged or something is missing, tell us within 48 hours of delivery with a photo, at ${brand.supportEmail} or from the Support tab in My Account. We will send a replacement or refund you in full.`,
          ],
        },
      ],
    } satisfies PolicyDocument,

    cancellation: {
      heading: 'Cancellation & Refund Policy',
      lead: 'Changed your mind? Here is when you can cancel an order, and how and when your money comes back.',
      sections: [
        {
          heading: 'Cancelling an order',
          paragraphs: [
            'You can cancel an order yourself until it is packed: open My Account, go to Orders, open the order and choose ‘Cancel order’. Once an order is packed it can no longer be cancelled, but you can return it after delivery.',
          ],
        },
        {
          heading: 'Refunds for cancelled orders',
          paragraphs: [
            `If you cancel a paid order, we refund the full amount, including shipping, to your original payment method straight away. The money usually reaches your account within ${REFUND_DAYS}, depending on your bank or UPI app.`,
          ],
        },
        {
          heading: 'Orders we cancel',
          paragraphs: [
            'Rarely we may have to cancel an order, for example when a product goes out of stock. We will tell you by email and refund any payment in full.',
          ],
        },
        {
          heading: 'Returns',
          paragraphs: [
            `You can return products within ${RETURN_DAYS} days of delivery, as described in our Return Policy. Once the returned products reach us and are checked, we refund you within ${REFUND_DAYS}.`,
          ],
        },
        {
          heading: 'How refunds are paid',
          paragraphs: [
            'Refunds go to the original payment method (card, UPI or net banking) through Razorpay, unless you chose a bank transfer or store credit for a return. For every refund we issue a GST credit note, which you receive by email.',
          ],
        },
        {
          heading: 'Failed payments',
          paragraphs: [
            `If money was taken but your order was not confirmed, it is refunded automatically within ${REFUND_DAYS}. If it has not arrived by then, write to ${brand.supportEmail} with the payment reference.`,
          ],
        },
      ],
    } satisfies PolicyDocument,
  } as const;
}

/** The legal texts with the catalogue's defaults (headings and the fixed texts read from it). */
export const LEGAL_TEXTS = legalTexts();
