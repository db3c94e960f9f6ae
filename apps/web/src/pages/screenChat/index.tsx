import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { screenChatResource, SCREEN_CHAT_CONTENT_MAX, type ScreenChatSent, type ScreenChatWallEntry } from '@gx/contract';
import { Field } from '../login/Field';
import { failureOf, publicCall } from '../public/api';
import { PublicPage } from '../public/PublicPage';

/**
 * `/screen-chat/<token>`: what a guest opens from the QR code on a cloud screen — the messages the screen shows, and a
 * form to send one (it shows once staff approve it; a reply robot may answer at once). No account, no antd; the
 * token is the screen's render capability, so the link works for that screen only.
 */
export default function ScreenChatPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [wall, setWall] = useState<ScreenChatWallEntry[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [nickname, setNickname] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<ScreenChatSent | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    publicCall<ScreenChatWallEntry[]>(screenChatResource.path, { method: 'wall', token }).then(setWall, () => setUnavailable(true));
  }, [token]);
  useEffect(load, [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!content.trim()) {
      setError(t('screenChat.required'));
      return;
    }
    setBusy(true);
    try {
      setSent(await publicCall<ScreenChatSent>(screenChatResource.path, { method: 'send', token, nickname: nickname.trim(), content: content.trim() }));
      setContent('');
    } catch (err) {
      setError(failureOf(err, t('request.error')).text);
    } finally {
      setBusy(false);
    }
  };

  if (unavailable) {
    return (
      <PublicPage testId="screen-chat" noBackLink>
        <p role="alert" data-testid="screen-chat-unavailable">{t('screenChat.unavailable')}</p>
      </PublicPage>
    );
  }
  return (
    <PublicPage testId="screen-chat" noBackLink>
      <h1>{t('screenChat.title')}</h1>
      <p className="gx-public-intro">{t('screenChat.intro')}</p>
      <form onSubmit={submit} noValidate>
        <Field id="sc-nickname" label={t('screenChat.nickname')} value={nickname} maxLength={32} autoComplete="nickname" onChange={(e) => setNickname(e.target.value)} />
        <Field id="sc-content" label={t('screenChat.message')} value={content} maxLength={SCREEN_CHAT_CONTENT_MAX} required error={error}
          onChange={(e) => setContent(e.target.value)} />
        <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" disabled={busy} data-testid="screen-chat-send">{t('screenChat.send')}</button>
      </form>
      {sent ? (
        <div className="gx-public-result gx-public-result-ok" role="status" data-testid="screen-chat-sent">
          <p>{t('screenChat.sent')}</p>
          {sent.reply ? <p data-testid="screen-chat-robot"><strong>{t('screenChat.robot')}</strong> {sent.reply}</p> : null}
        </div>
      ) : null}
      <h2>{t('screenChat.onScreen')}</h2>
      {wall?.length === 0 ? <p className="gx-public-note">{t('screenChat.empty')}</p> : null}
      <ul className="gx-public-list" data-testid="screen-chat-wall">
        {(wall ?? []).map((m) => (
          <li key={m.id}>
            <p><strong>{m.nickname || t('screenChat.guest')}</strong> {m.content}</p>
            {m.reply ? <p className="gx-public-note">↳ {m.reply}</p> : null}
          </li>
        ))}
      </ul>
    </PublicPage>
  );
}
