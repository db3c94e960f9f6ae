import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBSITE_LIVE_OPTIONS, WEBSITE_SECTION_SPECS, type WebsiteSection } from '@gx/contract';
import { SafeHtml } from '../../../components/SafeHtml';
import type { TabProps } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';
import '../oa.css';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * How an entry appears on the public website: a banner or an ad as a picture with its title and link, an article
 * section (solutions, cases, news, technical articles, single pages) as its page — cover, title, date, summary and
 * the cleaned body. Above it, whether the website shows it right now.
 */
export function WebsitePreview({ row, resource }: TabProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const kind = resource.key.slice('oa.'.length);
  const picture = kind in WEBSITE_SECTION_SPECS && !WEBSITE_SECTION_SPECS[kind as WebsiteSection].body;
  const live = WEBSITE_LIVE_OPTIONS.find((o) => o.value === row.live);
  const updated = text(row.updated_at) ? new Date(text(row.updated_at)).toLocaleDateString(lang === 'en' ? 'en-US' : 'zh-CN') : '';
  return (
    <div className="gx-website-preview" data-testid="website-preview">
      {live && (
        <Typography.Paragraph>
          {t('website.showing')} <Tag color={live.color} data-testid="website-preview-live">{pick(live.label, lang)}</Tag>
        </Typography.Paragraph>
      )}
      {picture ? (
        <figure className="gx-website-hero" style={{ backgroundImage: text(row.image) ? `url("${encodeURI(text(row.image))}")` : undefined }}>
          <figcaption>
            <h2>{text(row.title)}</h2>
            {text(row.summary) && <p>{text(row.summary)}</p>}
            {text(row.link) && <a href={text(row.link)} target="_blank" rel="noreferrer">{t('website.more')}</a>}
          </figcaption>
        </figure>
      ) : (
        <article className="gx-website-article">
          {text(row.image) && <img src={text(row.image)} alt="" className="gx-website-cover" />}
          <h1>{text(row.title)}</h1>
          {updated && <Typography.Text type="secondary">{updated}</Typography.Text>}
          {text(row.summary) && <p className="gx-website-summary">{text(row.summary)}</p>}
          <SafeHtml html={text(row.content)} className="gx-website-body" />
        </article>
      )}
    </div>
  );
}
