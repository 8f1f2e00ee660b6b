import { extensionOf, mediaUrl } from '@kinfolio/support-ui';
import { authorizationType, isSameOriginUrl } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';

export const PDF_FALLBACK = 'Your browser does not support PDFs.';
export const PDF_DOWNLOAD = 'Download the PDF';
export const NO_POWERPOINT = 'No PowerPoint file provided.';
export const OFFICE_EMBED = 'https://view.officeapps.live.com/op/embed.aspx?src=';

/** Spec §9 document viewer defaults: check every 3000 ms, at most 5 checks, 500 ms switch delay. */
export const VIEWER_CHECK_INTERVAL_MS = 3000;
export const VIEWER_MAX_CHECKS = 5;
export const VIEWER_SWITCH_DELAY_MS = 500;

export type DocKind = 'pdf' | 'office' | 'image' | 'video' | 'other';

export function docKind(url: string): DocKind {
  const ext = extensionOf(url);
  if (ext === 'pdf') return 'pdf';
  if (['pptx', 'ppt', 'xlsx', 'xls', 'doc', 'docx'].includes(ext)) return 'office';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'avif', 'tiff', 'heif'].includes(ext)) return 'image';
  if (['mp4', 'm4v', 'mov', 'webm', 'mkv', '3gp'].includes(ext)) return 'video';
  return 'other';
}

/** Absolute URL of a stored file (the office viewer fetches it from its own servers). */
export function absoluteUrl(url: string): string {
  const u = mediaUrl(url);
  try {
    return new URL(u, window.location.origin).toString();
  } catch {
    return u;
  }
}

export const officeViewerSrc = (url: string) => `${OFFICE_EMBED}${encodeURIComponent(absoluteUrl(url))}`;

interface Size {
  width?: string;
  height?: string;
}

/** Whether the browser shows PDFs itself (`navigator.pdfViewerEnabled`; unknown counts as yes). */
export function pdfSupported(): boolean {
  return typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;
}

/**
 * A same-origin pdf (the files API, which forbids framing its own replies) fetched as a blob and shown through an
 * object URL, with the Authorization-Type header every call of ours carries (spec §6); other URLs (S3) pass
 * through untouched, so no header of ours is ever sent to another origin.
 */
function usePdfSource(src: string): { frame: string | null; failed: boolean } {
  const local = isSameOriginUrl(src);
  const [state, setState] = useState<{ frame: string | null; failed: boolean }>({
    frame: local ? null : src,
    failed: false,
  });
  useEffect(() => {
    if (!local) {
      setState({ frame: src, failed: false });
      return;
    }
    const ctl = new AbortController();
    let objectUrl: string | null = null;
    setState({ frame: null, failed: false });
    fetch(src, {
      credentials: 'same-origin',
      headers: { 'Authorization-Type': authorizationType() },
      signal: ctl.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: 'application/pdf' }));
        setState({ frame: objectUrl, failed: false });
      })
      .catch(() => {
        if (!ctl.signal.aborted) setState({ frame: null, failed: true });
      });
    return () => {
      ctl.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, local]);
  return state;
}

/**
 * A pdf in a frame (an <iframe>: the page CSP has object-src 'none'). A browser without a PDF viewer, or a file
 * that cannot be read, gets the spec's fallback text and download link instead.
 */
export function PdfFrame({ url, title, width = '100%', height = '100%' }: { url: string; title: string } & Size) {
  const src = mediaUrl(url);
  const supported = pdfSupported();
  const { frame, failed } = usePdfSource(supported ? src : '');
  if (!supported || failed) {
    return (
      <p>
        {PDF_FALLBACK}{' '}
        <a href={src} download target="_blank" rel="noreferrer">
          {PDF_DOWNLOAD}
        </a>
      </p>
    );
  }
  if (!frame) return <p aria-busy="true">Loading…</p>;
  return <iframe src={frame} title={title} width={width} height={height} style={{ width, height, border: 0 }} />;
}

/**
 * A pptx (or other office file) in the embedded office viewer, or 'No PowerPoint file provided.' without a link.
 * The embedded viewer sometimes stays blank: until the frame reports a load it is reloaded every 3000 ms, at most
 * 5 times; a new file appears after the 500 ms switch delay.
 */
export function OfficeFrame({
  url,
  title,
  width = '100%',
  height = '100%',
}: { url?: string | null; title: string } & Size) {
  const [shown, setShown] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    setShown(null);
    setLoaded(false);
    setAttempt(0);
    if (!url) return;
    const t = setTimeout(() => setShown(url), VIEWER_SWITCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [url]);

  useEffect(() => {
    if (!shown || loaded || attempt >= VIEWER_MAX_CHECKS) return;
    const t = setTimeout(() => setAttempt((n) => n + 1), VIEWER_CHECK_INTERVAL_MS);
    return () => clearTimeout(t);
  }, [shown, loaded, attempt]);

  if (!url) return <p>{NO_POWERPOINT}</p>;
  if (!shown) return <p aria-busy="true">Loading…</p>;
  return (
    <iframe
      key={attempt}
      title={title}
      src={officeViewerSrc(shown)}
      width={width}
      height={height}
      style={{ width, height, border: 0 }}
      onLoad={() => setLoaded(true)}
    />
  );
}

/** Picks the right viewer for a file. */
export function FileViewer({ url, title, width, height }: { url: string; title: string } & Size) {
  const kind = docKind(url);
  if (kind === 'pdf') return <PdfFrame url={url} title={title} width={width} height={height} />;
  if (kind === 'office') return <OfficeFrame url={url} title={title} width={width} height={height} />;
  const src = mediaUrl(url);
  if (kind === 'image')
    return <img src={src} alt={title} style={{ maxWidth: width ?? '100%', maxHeight: height ?? '100%' }} />;
  if (kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploaded media has no caption track
      <video src={src} controls aria-label={title} style={{ maxWidth: width, maxHeight: height }} />
    );
  }
  return (
    <a href={src} target="_blank" rel="noreferrer" download>
      Download {title}
    </a>
  );
}
