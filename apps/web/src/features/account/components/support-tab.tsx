import { formatDayInIndia } from '@vanya/catalog';
import { PROFILE_MESSAGES } from '@vanya/contracts';
import { useRef, useState } from 'react';

import { Field } from '../../../components/ui/field';
import { BusyButton } from '../../../components/ui/form-parts';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, resolveApiUrl } from '../../../lib/api-client';
import { useAnswerTicket } from '../api/answer-ticket';
import { useCreateTicket } from '../api/create-ticket';
import { useTickets } from '../api/get-tickets';
import { ACCOUNT_TEXTS } from '../texts';
import { shortId } from '../utils/format';
import { QueryList, TabSection } from './tab-section';

export function SupportTab() {
  const t = ACCOUNT_TEXTS.support;
  const toast = useToast();
  const tickets = useTickets();
  const createTicket = useCreateTicket();
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onSubmit = async () => {
    const text = message.trim();
    if (!text) {
      window.alert(PROFILE_MESSAGES.enterIssue);
      return;
    }
    try {
      await createTicket.mutateAsync({ message: text, attachment: file });
      setMessage('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      toast.success(PROFILE_MESSAGES.ticketSubmitted);
    } catch (error) {
      toast.error(getErrorMessage(error, t.failed));
    }
  };

  return (
    <>
      <TabSection title={t.heading} lead={t.lead}>
        <form
          className="account-form"
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
          noValidate
        >
          <Field label={t.issue}>
            {(control) => (
              <textarea
                {...control}
                className="textarea"
                placeholder={t.issuePlaceholder}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </Field>
          <Field label={t.file} hint={t.fileHint}>
            {(control) => (
              <input
                {...control}
                ref={fileInput}
                className="file-input"
                type="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <div className="account-form__actions">
            <BusyButton busy={createTicket.isPending} label={t.submit} busyLabel={t.submitting} />
          </div>
        </form>
      </TabSection>
      <TabSection title={t.listHeading}>
        <QueryList query={tickets} empty={t.empty}>
          {(items) => (
            <ul className="record-list">
              {items.map((ticket) => (
                <li key={ticket.id} className="record">
                  <div className="record__main">
                    <p className="record__title">
                      <span className="record__id">#{shortId(ticket.id)}</span>
                      <span className="record__meta"> · {formatDayInIndia(ticket.createdAt)}</span>
                    </p>
                    <p className="record__meta record__excerpt">{ticket.message}</p>
                    {ticket.attachment ? (
                      <a
                        className="text-link record__meta"
                        href={resolveApiUrl(ticket.attachment)}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {t.attachment}
                      </a>
                    ) : null}
                    {ticket.replies.length > 0 ? (
                      <ol className="ticket-replies" aria-label={t.repliesLabel}>
                        {ticket.replies.map((reply) => (
                          <li
                            key={`${reply.at}-${reply.by}`}
                            className={`ticket-reply ticket-reply--${reply.by}`}
                          >
                            <p className="ticket-reply__who">
                              {reply.by === 'owner' ? t.fromShop : t.fromYou}
                              <span className="record__meta"> · {formatDayInIndia(reply.at)}</span>
                            </p>
                            <p className="ticket-reply__text">{reply.message}</p>
                          </li>
                        ))}
                      </ol>
                    ) : null}
                    {ticket.status !== 'closed' ? <AnswerTicket id={ticket.id} /> : null}
                  </div>
                  <span className={`status status--${ticket.status}`}>
                    {ACCOUNT_TEXTS.ticketStatuses[ticket.status]}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryList>
      </TabSection>
    </>
  );
}

/** The shopper answers the shop in a ticket's thread, or closes it once the question is answered. */
function AnswerTicket({ id }: { id: string }) {
  const t = ACCOUNT_TEXTS.support;
  const { reply, close } = useAnswerTicket(id);
  const [message, setMessage] = useState('');
  const failed = reply.error ?? close.error;
  return (
    <form
      className="ticket-answer"
      onSubmit={(event) => {
        event.preventDefault();
        if (message.trim()) reply.mutate(message.trim(), { onSuccess: () => setMessage('') });
      }}
    >
      <Field label={t.answer} error={failed ? getErrorMessage(failed, t.answerFailed) : null} alert>
        {(control) => (
          <textarea
            {...control}
            className="textarea"
            rows={2}
            maxLength={2000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      <div className="ticket-answer__actions">
        <BusyButton busy={reply.isPending} label={t.send} busyLabel={t.send} />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={close.isPending}
          onClick={() => close.mutate()}
        >
          {t.close}
        </button>
      </div>
    </form>
  );
}
