import { api } from '../../lib/api-client';

// What the bot cannot answer goes to the shop's people: a signed-in shopper's question becomes a
// support ticket (answered in their account's Support tab), a guest's a contact message with the
// address they give (answered by mail). Both land in the owner area.

/** POST /tickets with the question, as the Support tab sends it (multipart). */
export async function openTicket(message: string): Promise<void> {
  const form = new FormData();
  form.append('message', message);
  await api.post('/tickets', form);
}

/** POST /contact with the guest's question and the address to answer. */
export async function sendContactMessage(email: string, message: string): Promise<void> {
  await api.post('/contact', {
    name: 'Chat visitor',
    email,
    subject: 'other',
    message,
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
export const looksLikeEmail = (text: string) => EMAIL.test(text.trim());
