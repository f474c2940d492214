import { zodResolver } from '@hookform/resolvers/zod';
import { brand } from '@vanya/catalog';
import { CONTACT_SUBJECTS, contactBodySchema, type ContactBody } from '@vanya/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { Field } from '../../../components/ui/field';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { useToast } from '../../../components/ui/toast';
import { useMetaDescription } from '../../../hooks/use-meta-description';
import { contactErrorMessage, useSendContactMessage } from '../api/send-contact-message';
import { CONTACT_TEXTS as T } from '../texts';
import { ContactMap } from './contact-map';
import './contact-page.css';

const EMPTY: ContactBody = {
  name: '',
  email: '',
  subject: '' as ContactBody['subject'],
  message: '',
};

const SOCIAL = [
  { href: brand.social.facebook, label: 'Facebook', Icon: FacebookIcon },
  { href: brand.social.instagram, label: 'Instagram', Icon: InstagramIcon },
  { href: brand.social.x, label: 'X (formerly Twitter)', Icon: XIcon },
  { href: brand.social.youtube, label: 'YouTube', Icon: YoutubeIcon },
] as const;

export function ContactPage() {
  const toast = useToast();
  const send = useSendContactMessage();
  const id = useId();
  useMetaDescription(T.lead);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactBody>({
    resolver: zodResolver(contactBodySchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    send.mutateAsync(values).then(
      () => {
        toast.success(T.sent);
        reset(EMPTY);
      },
      (error: unknown) => {
        toast.error(contactErrorMessage(error));
      },
    ),
  );

  const busy = send.isPending;
  const { address } = brand;

  return (
    <div className="contact-page">
      <PageTitle title={T.heading} />
      <header className="contact-hero">
        <div className="container">
          <p className="eyebrow">We’d love to hear from you</p>
          <h1>{T.heading}</h1>
          <p className="contact-hero__lead">{T.lead}</p>
        </div>
      </header>

      <div className="container contact-layout">
        <section className="panel contact-form" aria-labelledby={`${id}-form-heading`}>
          <h2 id={`${id}-form-heading`} className="contact-form__heading">
            {T.formHeading}
          </h2>
          <form noValidate onSubmit={onSubmit} aria-busy={busy}>
            <div className="contact-form__grid">
              <Field label={T.name} error={errors.name}>
                {(control) => (
                  <input {...control} className="input" autoComplete="name" {...register('name')} />
                )}
              </Field>
              <Field label={T.email} error={errors.email}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    {...register('email')}
                  />
                )}
              </Field>
              <Field label={T.subject} error={errors.subject} className="field--wide">
                {(control) => (
                  <select {...control} className="select" {...register('subject')}>
                    <option value="" disabled>
                      {T.subjectPlaceholder}
                    </option>
                    {CONTACT_SUBJECTS.map((subject) => (
                      <option key={subject.value} value={subject.value}>
                        {subject.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={T.message} error={errors.message} className="field--wide">
                {(control) => (
                  <textarea
                    {...control}
                    className="textarea"
                    rows={6}
                    placeholder={T.messagePlaceholder}
                    {...register('message')}
                  />
                )}
              </Field>
            </div>
            <button
              type="submit"
              className="btn btn--primary btn--lg contact-form__submit"
              disabled={busy}
            >
              {busy ? T.sending : T.send}
            </button>
          </form>
        </section>

        <aside className="contact-details" aria-labelledby={`${id}-details-heading`}>
          <h2 id={`${id}-details-heading`} className="visually-hidden">
            {T.detailsHeading}
          </h2>
          <ul className="contact-cards">
            <li className="contact-card">
              <h3 className="eyebrow">{T.visit}</h3>
              <address>
                {address.line1}, {address.line2}
                <br />
                {address.city}, {address.state} {address.pinCode}
              </address>
            </li>
            <li className="contact-card">
              <h3 className="eyebrow">{T.write}</h3>
              <a className="text-link" href={`mailto:${brand.supportEmail}`}>
                {brand.supportEmail}
              </a>
            </li>
            <li className="contact-card">
              <h3 className="eyebrow">{T.call}</h3>
              <a className="text-link" href={`tel:${brand.phone.replace(/\s+/g, '')}`}>
                {brand.phone}
              </a>
              <p className="contact-card__muted">{T.hours}</p>
            </li>
          </ul>

          <section className="contact-map" aria-labelledby={`${id}-map-heading`}>
            <h3 id={`${id}-map-heading`} className="eyebrow">
              {T.mapHeading}
            </h3>
            <ContactMap />
            <div className="contact-map__links">
              <a
                className="btn btn--ghost"
                href={T.mapUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {T.openMap}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <a
                className="btn btn--text"
                href={T.directionsUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {T.directions}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </div>
          </section>

          <section aria-labelledby={`${id}-follow-heading`}>
            <h3 id={`${id}-follow-heading`} className="eyebrow">
              {T.followHeading}
            </h3>
            <ul className="contact-social">
              {SOCIAL.map(({ href, label, Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${brand.name} on ${label} (opens in a new tab)`}
                  >
                    <Icon size={20} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
