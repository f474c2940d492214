import { TIMINGS } from '@vanya/catalog';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
} from 'react';

import { ChatIcon, CloseIcon } from '../../../components/ui/icons';
import { useIsSignedIn } from '../../../hooks/use-session';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import { CHAT_GREETING, replyFor, replyTopicFor } from '../chat-replies';
import { looksLikeEmail, openTicket, sendContactMessage } from '../handoff';
import { useKeepClearLift } from '../hooks/use-keep-clear-lift';
import { CHAT_TEXTS as T } from '../texts';
import './chat-widget.css';

export type ChatMessage = { id: number; text: string; isBot: boolean };

/**
 * The support chat: opens with a greeting; a message gets the bot's canned reply one second later.
 * One it cannot answer goes to the shop's people: a signed-in shopper's as a support ticket, a
 * guest's as a contact message once they give an address. Empty messages are ignored.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([
    { id: 0, text: CHAT_GREETING, isBot: true },
  ]);
  const [draft, setDraft] = useState('');
  const [pendingReplies, setPendingReplies] = useState(0);
  // A guest's question the bot could not answer, waiting for the address to answer it at.
  const [waitingForEmail, setWaitingForEmail] = useState<string | null>(null);
  const signedIn = useIsSignedIn();
  // The delivery reply quotes the owner's free-shipping threshold and pre-order notice.
  const shop = useShopSettings();
  const nextId = useRef(1);
  const timers = useRef(new Set<number>());
  const launcher = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  // Above the cookie banner and out of the way of the cart's and checkout's buttons.
  const lift = useKeepClearLift(container, launcher);
  const panelId = useId();
  const titleId = useId();

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, pendingReplies, open]);

  const add = (text: string, isBot: boolean) => {
    const id = nextId.current;
    nextId.current += 1;
    setMessages((current) => [...current, { id, text, isBot }]);
  };

  /** Replies after the bot's pause: a canned reply at once, a hand-off once its request is done. */
  const reply = (answer: () => Promise<string> | string) => {
    setPendingReplies((count) => count + 1);
    const done = (text: string) => {
      setPendingReplies((count) => count - 1);
      add(text, true);
    };
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      const result = answer();
      if (typeof result === 'string') done(result);
      else void result.catch(() => T.handoffFailed).then(done);
    }, TIMINGS.chatReplyMs);
    timers.current.add(timer);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    add(text, false);
    setDraft('');
    if (waitingForEmail !== null) {
      if (looksLikeEmail(text)) {
        const question = waitingForEmail;
        setWaitingForEmail(null);
        reply(async () => {
          await sendContactMessage(text, question);
          return T.contactSent(text);
        });
        return;
      }
      if (replyTopicFor(text) === 'fallback') {
        reply(() => T.notAnEmail);
        return;
      }
      setWaitingForEmail(null);
    }
    if (replyTopicFor(text) !== 'fallback') {
      reply(() => replyFor(text, shop));
    } else if (signedIn) {
      reply(async () => {
        await openTicket(text);
        return T.ticketOpened;
      });
    } else {
      setWaitingForEmail(text);
      reply(() => T.askEmail);
    }
  };

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <div className="chat" ref={container} style={{ '--chat-lift': `${lift}px` } as CSSProperties}>
      {open ? (
        <section
          id={panelId}
          className="chat__panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          onKeyDown={onKeyDown}
        >
          <header className="chat__header">
            <span className="chat__avatar" aria-hidden="true">
              <svg viewBox="0 0 64 64" width="22" height="22">
                <path
                  fill="currentColor"
                  d="M50 12C30 12 15 22 15 39c0 4 1 7.5 3 10.5C22 36 31 27 43 21 33 29 25 39 21 52c3.5 1.5 7 2 10 2 16 0 23-15 19-42Z"
                />
              </svg>
            </span>
            <div className="chat__titles">
              <h2 className="chat__title" id={titleId}>
                {T.title}
              </h2>
              <p className="chat__subtitle">{T.subtitle}</p>
            </div>
            <button type="button" className="chat__close" aria-label={T.close} onClick={close}>
              <CloseIcon size={20} />
            </button>
          </header>

          <div className="chat__log" ref={log} role="log" aria-live="polite" aria-label="Messages">
            {messages.map((message) => (
              <p
                key={message.id}
                className={message.isBot ? 'chat__message chat__message--bot' : 'chat__message'}
              >
                <span className="visually-hidden">{message.isBot ? 'Vanya: ' : 'You: '}</span>
                {message.text}
              </p>
            ))}
            {pendingReplies > 0 ? (
              <p className="chat__typing">
                <span className="visually-hidden">{T.typing}</span>
                <span className="chat__dots" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
              </p>
            ) : null}
          </div>

          <form className="chat__form" onSubmit={send}>
            <label className="visually-hidden" htmlFor={`${panelId}-input`}>
              {T.inputLabel}
            </label>
            <input
              ref={input}
              id={`${panelId}-input`}
              className="chat__input"
              type="text"
              autoComplete="off"
              placeholder={T.placeholder}
              value={draft}
              maxLength={500}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="chat__send" aria-label={T.send}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M4 12l16-8-6 16-2.5-6.5z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
            </button>
          </form>
        </section>
      ) : null}

      <button
        ref={launcher}
        type="button"
        className={open ? 'chat__launcher is-open' : 'chat__launcher'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? T.close : T.open}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? <CloseIcon /> : <ChatIcon size={26} />}
      </button>
    </div>
  );
}
