import { SkeletonBar, sanitizeHtml } from '@kinfolio/support-ui';
import { api } from '@kinfolio/ui-kit';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';

/** Spec §5/§9: keyword sent from 3 characters, after a 700 ms pause; 8 skeleton rows; 2 characters reload all. */
export const FAQ_MIN_CHARS = 3;
export const FAQ_DEBOUNCE_MS = 700;
export const FAQ_SKELETON_ROWS = 8;

const FAQ_SKELETON_KEYS = Array.from({ length: FAQ_SKELETON_ROWS }, (_, i) => `faq-sk-${i}`);

export interface FaqTopicView {
  id: string;
  title: string;
  FAQAnswers: Array<{ id: string; question: string; answer: string }>;
}

/** What a pause in typing does: search the keyword, reload the full list, or nothing (one character). */
export function faqQueryFor(value: string): { keyword?: string } | null {
  const k = value.trim();
  if (k.length >= FAQ_MIN_CHARS) return { keyword: k };
  if (k.length === 2 || k.length === 0) return {};
  return null;
}

const Wrap = styled.div`
  input {
    width: 100%;
    box-sizing: border-box;
    padding: 8px 10px;
    border: 1px solid #c9d3d8;
    border-radius: 8px;
    font: inherit;
  }
  h4 { margin: 12px 0 4px; font-size: 14px; }
  details { border-bottom: 1px solid #eef1f3; padding: 6px 0; }
  summary { cursor: pointer; }
  .answer { padding: 6px 0 0 12px; font-size: 14px; }
  .answer img { max-width: 100%; }
`;

export function FaqSearch() {
  const [value, setValue] = useState('');
  const [topics, setTopics] = useState<FaqTopicView[]>([]);
  const [loading, setLoading] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ctl = useRef<AbortController | null>(null);
  const inputId = useId();

  const load = useCallback((query: { keyword?: string }) => {
    ctl.current?.abort();
    const c = new AbortController();
    ctl.current = c;
    setLoading(true);
    api
      .get<FaqTopicView[]>('user/faq', undefined, {
        query: query.keyword ? { keyword: query.keyword } : undefined,
        signal: c.signal,
      })
      .then((data) => {
        if (!c.signal.aborted) setTopics(Array.isArray(data) ? data : []);
      })
      // Spec §8: FAQ load fails → the skeleton stops, no message.
      .catch(() => undefined)
      .finally(() => {
        if (!c.signal.aborted) setLoading(false);
      });
  }, []);

  useEffect(() => {
    load({});
    return () => {
      ctl.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [load]);

  const onChange = (v: string) => {
    setValue(v);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = faqQueryFor(v);
      if (q) load(q);
    }, FAQ_DEBOUNCE_MS);
  };

  const count = topics.reduce((n, t) => n + t.FAQAnswers.length, 0);
  return (
    <Wrap>
      <label htmlFor={inputId} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
        Search for help
      </label>
      <input
        id={inputId}
        type="search"
        value={value}
        placeholder="Search FAQ"
        onChange={(e) => onChange(e.target.value)}
      />
      <div aria-live="polite" aria-busy={loading}>
        {loading ? (
          <div data-testid="faq-skeleton">
            {FAQ_SKELETON_KEYS.map((k) => (
              <SkeletonBar key={k} data-testid="faq-skeleton-row" $h="18px" />
            ))}
          </div>
        ) : count === 0 ? (
          <p>No results found</p>
        ) : (
          topics
            .filter((t) => t.FAQAnswers.length > 0)
            .map((t) => (
              <section key={t.id} aria-label={t.title}>
                <h4>{t.title}</h4>
                {t.FAQAnswers.map((a) => (
                  <details key={a.id}>
                    <summary>{a.question}</summary>
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above */}
                    <div className="answer" dangerouslySetInnerHTML={{ __html: sanitizeHtml(a.answer) }} />
                  </details>
                ))}
              </section>
            ))
        )}
      </div>
    </Wrap>
  );
}
