import { mediaUrl, sanitizeHtml } from '@kinfolio/support-ui';
import styled from 'styled-components';
import { isLoom, loomEmbedUrl, type WalkthroughItem, youtubeEmbedUrl } from './walkthrough';

const Wrap = styled.article`
  h3 { margin: 4px 0 8px; font-size: 16px; }
  iframe, video { width: 100%; aspect-ratio: 16 / 9; border: 0; border-radius: 8px; }
  .desc { font-size: 14px; }
  .desc img { max-width: 100%; }
`;

export function MediaPlayer({ link, title }: { link: string; title: string }) {
  if (isLoom(link)) {
    return (
      <iframe
        data-testid="loom-player"
        title={`${title} (Loom)`}
        src={loomEmbedUrl(link)}
        allow="fullscreen"
        sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
      />
    );
  }
  const yt = youtubeEmbedUrl(link);
  if (yt) return <iframe title={title} src={yt} allow="fullscreen; picture-in-picture" />;
  if (/\.(mp4|webm|mov|m4v)(\?|$)/i.test(link)) {
    // biome-ignore lint/a11y/useMediaCaption: walkthrough videos come without caption tracks
    return <video data-testid="media-player" src={link} controls preload="metadata" aria-label={title} />;
  }
  return null;
}

/** Walkthrough tab: title, media link (loom links in their own player), sanitised description, files. */
export function WalkthroughView({ walkthrough }: { walkthrough: WalkthroughItem }) {
  const { title, link, description } = walkthrough;
  const files = walkthrough.uploaded_files?.files ?? [];
  return (
    <Wrap aria-label="Walkthrough">
      <h3>{title}</h3>
      {link && (
        <>
          <MediaPlayer link={link} title={title} />
          <p>
            <a href={link} target="_blank" rel="noopener noreferrer">
              Open media
            </a>
          </p>
        </>
      )}
      <div
        className="desc"
        data-testid="walkthrough-description"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised again with DOMPurify before display
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(description) }}
      />
      {files.length > 0 && (
        <ul aria-label="Files">
          {files.map((f) => (
            <li key={f}>
              <a href={`/document-viewer?media=${encodeURIComponent(mediaUrl(f))}`} target="_blank" rel="noreferrer">
                {f.split('/').pop()}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Wrap>
  );
}
