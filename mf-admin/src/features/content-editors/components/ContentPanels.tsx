import type { BannerSettings } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { BannerBlock, formatDate } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import type { EditableBlock } from './blockEditors';
import { ContentEditor } from './ContentEditor';
import styles from './ContentEditor.module.css';

const bannerPreview = (settings: BannerSettings) => <BannerBlock banner={settings} />;

const BANNER_SECTIONS = [
  { title: 'Text content', keys: ['subTitle', 'mainTitle', 'highlightText', 'description'] },
  { title: 'Button', keys: ['buttonText', 'buttonLink'] },
  { title: 'Media', keys: ['youtubeUrl', 'backgroundImage'] },
] as const;

/** The banner's state at a glance, from GET /api/banner-section/stats. */
function BannerStats() {
  const stats = useQuery(api.content.bannerStats.query());
  if (!stats.data) return null;
  const { isActive, hasYoutubeVideo, hasBackgroundImage, lastUpdated } = stats.data.data;
  const entries = [
    ['Status', isActive ? 'Active' : 'Inactive'],
    ['Video', hasYoutubeVideo ? 'YouTube video set' : 'No video'],
    ['Background', hasBackgroundImage ? 'Image set' : 'No image'],
    ['Last updated', lastUpdated ? formatDate(lastUpdated) : 'Never (defaults)'],
  ];
  return (
    <dl className={styles.stats} aria-label="Banner status">
      {entries.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Banner Section (the menu's variant): text, button and media groups with the banner's stats. */
const BannerPanel = () => (
  <ContentEditor
    block="banner"
    sections={BANNER_SECTIONS}
    summary={<BannerStats />}
    preview={bannerPreview}
  />
);

/**
 * The home-banner panel, which the spec keeps out of the menu: the same block as one short form,
 * opened from the admin dashboard's banner tile.
 */
export const HomeBannerPanel = () => <ContentEditor block="banner" preview={bannerPreview} />;

/**
 * A block's panel in Settings: its editor, previewed with the landing page's own component (see
 * blockEditors); the banner's is its management variant.
 */
export function BlockPanel({ block }: { block: EditableBlock }) {
  return block === 'banner' ? <BannerPanel /> : <ContentEditor block={block} />;
}
