import type { auth } from '@kinfolio/contracts';
import styled from 'styled-components';

/**
 * The advisor public page's expert positioning (loaded lazily by misc.tsx: only tenant pages need it, so the
 * shell's first load elsewhere does not grow): meta data, testimonials, and published reviews with their average.
 */
const Wrap = styled.div`
  max-width: 1040px;
  margin: 0 auto;
  padding: 32px 24px 40px;
  color: #1d2b2b;
  section { margin-bottom: 32px; }
  h2 { font-size: 24px; margin: 0 0 14px; color: #10302f; }
  dl { display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: 8px 18px; margin: 0; }
  dt { font-weight: 700; color: #1f6f6c; }
  dd { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 280px), 1fr)); gap: 16px; }
  li { background: #fff; border-radius: 12px; padding: 18px; box-shadow: 0 1px 6px rgba(16, 48, 47, 0.08); }
  figure { margin: 0; }
  blockquote { margin: 0 0 10px; font-size: 17px; white-space: pre-line; overflow-wrap: anywhere; }
  figcaption, .kf-by { color: #4f5d5d; font-size: 15px; margin: 0; }
  .kf-stars { color: #8a5a00; letter-spacing: 2px; font-size: 18px; }
  .kf-summary { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; margin: 0 0 16px; font-size: 18px; }
  @media (max-width: 480px) {
    padding: 24px 16px 32px;
    dl { grid-template-columns: minmax(0, 1fr); gap: 2px; }
    dd { margin-bottom: 10px; }
  }
`;

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="kf-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(full)}
      {'☆'.repeat(Math.max(0, 5 - full))}
    </span>
  );
}

type Content = Pick<auth.AdvisorPublicPage, 'meta' | 'testimonials' | 'reviews' | 'rating'>;

export default function AdvisorSections({ advisor }: { advisor: Partial<Content> }) {
  const meta = advisor.meta ?? [];
  const testimonials = advisor.testimonials ?? [];
  const reviews = advisor.reviews ?? [];
  const rating = advisor.rating;
  if (!meta.length && !testimonials.length && !reviews.length) return null;
  return (
    <Wrap>
      {meta.length ? (
        <section aria-labelledby="kf-advisor-about">
          <h2 id="kf-advisor-about">About</h2>
          <dl>
            {meta.map((m) => (
              <div key={m.title} style={{ display: 'contents' }}>
                <dt>{m.title}</dt>
                <dd>{m.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {testimonials.length ? (
        <section aria-labelledby="kf-advisor-testimonials">
          <h2 id="kf-advisor-testimonials">Testimonials</h2>
          <ul>
            {testimonials.map((t) => (
              <li key={t.id}>
                <figure>
                  <blockquote>{t.content}</blockquote>
                  <figcaption>
                    {t.name}
                    {t.designation ? `, ${t.designation}` : ''}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reviews.length ? (
        <section aria-labelledby="kf-advisor-reviews">
          <h2 id="kf-advisor-reviews">Reviews</h2>
          {rating?.average != null ? (
            <p className="kf-summary">
              <Stars rating={rating.average} />
              <span>
                {rating.average.toFixed(1)} out of 5 from {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          ) : null}
          <ul>
            {reviews.map((r) => (
              <li key={r.id}>
                <Stars rating={r.rating} />
                <blockquote>{r.review}</blockquote>
                <p className="kf-by">{r.name}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Wrap>
  );
}
