import { sanitizeHtml } from '@kinfolio/support-ui';
import { useId } from 'react';
import styled from 'styled-components';

const Wrap = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
  textarea { width: 100%; box-sizing: border-box; min-height: 160px; font-family: ui-monospace, monospace; font-size: 13px; }
  .preview { border: 1px dashed #c9d3d8; border-radius: 8px; padding: 8px; min-height: 160px; overflow: auto; }
  .preview img { max-width: 100%; }
`;

/** A plain HTML editor: the source in a text area and a live preview, sanitised with DOMPurify. */
export function HtmlEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <Wrap>
        <textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} spellCheck />
        <section className="preview" aria-label="Preview">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify */}
          <div data-testid="html-preview" dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />
        </section>
      </Wrap>
    </div>
  );
}
