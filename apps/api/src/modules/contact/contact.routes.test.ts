import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { ContactMessageModel } from './contact.model';

describe('POST /api/contact', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const message = {
    name: 'Meera Joshi',
    email: 'meera@example.in',
    subject: 'wholesale',
    message: 'Do you supply 200 soaps for a wedding?',
  };

  it('stores the message, mails the support mailbox with a reply-to and answers the screen text', async () => {
    const res = await request(t.app).post('/api/contact').send(message);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: "Message sent successfully! We'll get back to you soon.",
    });
    const mail = await sink.waitFor('support@vanyanaturals.in', /\[Contact\] B2B from Meera Joshi/);
    expect(mail.text).toContain('Do you supply 200 soaps for a wedding?');
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('meera@example.in');
    const stored = await ContactMessageModel.findOne({ email: 'meera@example.in' }).lean();
    expect(stored?.mailedAt).toBeInstanceOf(Date);
  });

  it('keeps the message when the mailbox cannot be reached', async () => {
    sink.refuse = true;
    try {
      const res = await request(t.app)
        .post('/api/contact')
        .send({ ...message, email: 'kept@example.in' });
      expect(res.status).toBe(201);
    } finally {
      sink.refuse = false;
    }
    const stored = await ContactMessageModel.findOne({ email: 'kept@example.in' }).lean();
    expect(stored?.message).toBe(message.message);
    expect(stored?.mailedAt).toBeNull();
  });

  it('refuses a missing field or an unknown subject with the message the screen shows', async () => {
    const noSubject = await request(t.app)
      .post('/api/contact')
      .send({ ...message, subject: 'spam' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.msg).toBe('Choose a subject');
    const noMessage = await request(t.app)
      .post('/api/contact')
      .send({ ...message, message: '   ' });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.msg).toBe('Enter your message');
  });
});
