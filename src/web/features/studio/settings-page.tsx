// '/studio/settings' (admins): the site's own name, description, footer line and contact page (its text, the about
// image, the personal website, the social and mail links). Saved with one button; the server's words when it refuses
// (a link that is not http(s) or mailto, a name too long) are shown.
import { type FormEvent, useId, useState } from 'react';
import type { SiteLink, SiteSettings } from '../../../shared/site';
import { SITE_LIMITS } from '../../../shared/site-schema';
import type { Me } from '../../../shared/studio';
import { LIMITS } from '../../../shared/constants';
import { Loading } from '../../components/loading';
import { LoadError } from '../../components/query-view';
import { useSaveSettings, useStudioSettings } from './api/site-settings';
import { MediaField } from './components/media-field';
import { MEDIA } from './components/studio-fields';
import { deniedReason, NotAllowed } from './components/not-allowed';
import { StudioFrame, StudioGate } from './components/studio-gate';
import './settings.css';

export default function SettingsPage() {
  return <StudioGate admin>{(me) => <SettingsScreen me={me} />}</StudioGate>;
}

function SettingsScreen({ me }: { me: Me }) {
  const settings = useStudioSettings();
  const reason = settings.isError ? deniedReason(settings.error) : null;
  if (reason) return <NotAllowed reason={reason} />;
  return (
    <StudioFrame me={me}>
      <h1 className="page-title">Site settings</h1>
      {settings.isPending && <Loading label="Loading the settings…" />}
      {settings.isError && (
        <LoadError what="The settings" error={settings.error} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && <SettingsForm initial={settings.data} />}
    </StudioFrame>
  );
}

function TextField({
  label,
  value,
  onChange,
  max,
  multiline = false,
  required = false,
  type = 'text',
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'url' | 'email';
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="studio-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="studio-hint">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea
          id={id}
          className="input studio-textarea"
          rows={4}
          maxLength={max}
          required={required}
          value={value}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          className="input"
          type={type}
          maxLength={max}
          required={required}
          autoComplete="off"
          value={value}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const [form, setForm] = useState(initial);
  const save = useSaveSettings();
  const [message, setMessage] = useState<{ text: string; kind: 'success' | 'danger' } | null>(null);
  const set = (change: Partial<SiteSettings>) => setForm((f) => ({ ...f, ...change }));
  const setContact = (change: Partial<SiteSettings['contact']>) =>
    setForm((f) => ({ ...f, contact: { ...f.contact, ...change } }));
  const setLink = (index: number, change: Partial<SiteLink>) =>
    setContact({ links: form.contact.links.map((link, i) => (i === index ? { ...link, ...change } : link)) });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    save.mutate(form, {
      onSuccess: (saved) => {
        setForm(saved);
        setMessage({ text: 'Settings saved: the site shows them now.', kind: 'success' });
      },
      onError: (error) => setMessage({ text: `Not saved: ${error.message}`, kind: 'danger' }),
    });
  }

  return (
    <form className="studio-settings" onSubmit={submit} noValidate>
      <fieldset className="studio-fieldset">
        <legend>The site</legend>
        <TextField
          label="Site name"
          value={form.siteName}
          onChange={(siteName) => set({ siteName })}
          max={SITE_LIMITS.siteNameMax}
          required
          hint={`Shown in the navbar, page titles, mails, the feed and share previews (up to ${SITE_LIMITS.siteNameMax} characters).`}
        />
        <TextField
          label="Description"
          value={form.description}
          onChange={(description) => set({ description })}
          max={SITE_LIMITS.descriptionMax}
          multiline
          hint="The home page's description for search engines and share previews, and the feed's."
        />
        <TextField
          label="Footer line"
          value={form.footer}
          onChange={(footer) => set({ footer })}
          max={SITE_LIMITS.footerMax}
        />
      </fieldset>
      <fieldset className="studio-fieldset">
        <legend>The contact page</legend>
        <TextField
          label="Text"
          value={form.contact.text}
          onChange={(text) => setContact({ text })}
          max={SITE_LIMITS.contactTextMax}
          multiline
          hint="A blank line starts a new paragraph."
        />
        <MediaField {...MEDIA.about} value={form.contact.image} onChange={(image) => setContact({ image })} />
        <TextField
          label="What the image shows"
          value={form.contact.imageAlt}
          onChange={(imageAlt) => setContact({ imageAlt })}
          max={SITE_LIMITS.imageAltMax}
          hint="Read to those who cannot see the image; leave empty when it is decoration."
        />
        <TextField
          label="Personal website"
          type="url"
          value={form.contact.website}
          onChange={(website) => setContact({ website })}
          max={LIMITS.urlMax}
          hint="An https:// address; leave empty for none."
        />
        <TextField
          label="Contact email"
          type="email"
          value={form.contact.email}
          onChange={(email) => setContact({ email })}
          max={LIMITS.emailMax}
          hint="Shown as a mail link; leave empty for none."
        />
        <fieldset className="studio-fieldset studio-links">
          <legend>Social links</legend>
          <p className="studio-hint">
            Each an https:// or mailto: address, with the words a screen reader says for it.
          </p>
          {form.contact.links.map((link, i) => (
            <div className="studio-links__row" key={i}>
              <TextField
                label={`Link ${i + 1} label`}
                value={link.label}
                onChange={(label) => setLink(i, { label })}
                max={SITE_LIMITS.linkLabelMax}
              />
              <TextField
                label={`Link ${i + 1} address`}
                type="url"
                value={link.url}
                onChange={(url) => setLink(i, { url })}
                max={LIMITS.urlMax}
              />
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setContact({ links: form.contact.links.filter((_, j) => j !== i) })}
              >
                Remove link {i + 1}
              </button>
            </div>
          ))}
          {form.contact.links.length < SITE_LIMITS.linksMax && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setContact({ links: [...form.contact.links, { label: '', url: '' }] })}
            >
              Add a link
            </button>
          )}
        </fieldset>
      </fieldset>
      <div className="studio-settings__actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
      <p
        className={message ? `studio-message studio-message--${message.kind}` : 'studio-message'}
        role="status"
        aria-live="polite"
      >
        {message?.text}
      </p>
    </form>
  );
}
