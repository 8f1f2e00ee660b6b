import styled, { css, keyframes } from 'styled-components';

// Small presentational pieces of the conversation, also used by the support screens of mf-support and mf-admin.
export const brand = '#4db2af';
/** The brand's dark shade: the fill behind white text (white on `brand` is only 2.5:1; on this, 5.9:1). */
export const brandDark = '#1f6f6c';

const shimmer = keyframes`
  0% { opacity: 0.55; }
  50% { opacity: 1; }
  100% { opacity: 0.55; }
`;

export const SkeletonBar = styled.div<{ $w?: string; $h?: string }>`
  width: ${(p) => p.$w ?? '100%'};
  height: ${(p) => p.$h ?? '14px'};
  border-radius: 6px;
  background: #e6ecef;
  margin: 6px 0;
  animation: ${shimmer} 1.2s ease-in-out infinite;
`;

export const TagPill = styled.span<{ $tone: 'red' | 'green' | 'grey' }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 12px;
  font-size: 12px;
  font-weight: 600;
  ${(p) =>
    p.$tone === 'red'
      ? css`background: #fdecec; color: #c0392b;`
      : p.$tone === 'green'
        ? css`background: #e7f6ec; color: #176639;`
        : css`background: #eef1f3; color: #4a5560;`}
`;

export const PlainButton = styled.button<{ $primary?: boolean }>`
  cursor: pointer;
  border-radius: 8px;
  padding: 6px 14px;
  font: inherit;
  border: 1px solid ${(p) => (p.$primary ? brandDark : '#8a9a9a')};
  background: ${(p) => (p.$primary ? brandDark : '#fff')};
  color: ${(p) => (p.$primary ? '#fff' : '#1f2a33')};
  &:disabled { opacity: 0.5; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid ${brand}; outline-offset: 2px; }
`;

export const VisuallyHidden = styled.span`
  position: absolute !important;
  width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
`;
