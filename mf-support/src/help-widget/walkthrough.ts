export interface WalkthroughItem {
  id: string;
  title: string;
  description: string;
  link: string;
  page_meta: { data: string[]; folder_name?: string };
  uploaded_files?: { files: string[] };
}

/** Spec §2.11: a walkthrough matches a page when every value of its page-meta data is contained in the path. */
export function matchesPath(w: Pick<WalkthroughItem, 'page_meta'>, path: string): boolean {
  const values = (w.page_meta?.data ?? []).map((v) => v.trim()).filter(Boolean);
  return values.length > 0 && values.every((v) => path.includes(v));
}

/** The walkthrough for a page: the first match, preferring the most specific one (most page-meta values). */
export function pickWalkthrough<T extends Pick<WalkthroughItem, 'page_meta'>>(list: T[], path: string): T | null {
  const hits = list.filter((w) => matchesPath(w, path));
  hits.sort((a, b) => b.page_meta.data.length - a.page_meta.data.length);
  return hits[0] ?? null;
}

export const isLoom = (link: string) => /loom/i.test(link);

/** https://www.loom.com/share/{id} → https://www.loom.com/embed/{id} (already-embed links stay as they are). */
export function loomEmbedUrl(link: string): string {
  return link.replace('/share/', '/embed/');
}

export function youtubeEmbedUrl(link: string): string | null {
  const m = link.match(/(?:youtube\.com\/watch\?v=|youtu\.be\/|youtube\.com\/embed\/)([A-Za-z0-9_-]{6,})/);
  return m ? `https://www.youtube-nocookie.com/embed/${m[1]}` : null;
}
