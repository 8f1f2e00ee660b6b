import styled from 'styled-components';
import { mediaUrl } from '../media';

const svg = (body: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`)}`;

/** Default pictures by gender (spec §2.6: male by default). */
export const DEFAULT_AVATAR_MALE = svg(
  '<rect width="64" height="64" rx="32" fill="#d6ecec"/><circle cx="32" cy="25" r="12" fill="#2f7f7d"/><path d="M12 56c3-11 11-17 20-17s17 6 20 17" fill="#2f7f7d"/><path d="M20 22c1-9 7-12 12-12s11 3 12 12c-3-4-7-5-12-5s-9 1-12 5z" fill="#1d4d4c"/>',
);
export const DEFAULT_AVATAR_FEMALE = svg(
  '<rect width="64" height="64" rx="32" fill="#f3e1ea"/><path d="M17 34c0-15 6-24 15-24s15 9 15 24c0 6-3 9-6 10H23c-3-1-6-4-6-10z" fill="#7a3556"/><circle cx="32" cy="26" r="11" fill="#c4678f"/><path d="M12 57c3-11 11-16 20-16s17 5 20 16" fill="#c4678f"/>',
);

export function defaultAvatar(gender?: string | null): string {
  return gender === 'female' ? DEFAULT_AVATAR_FEMALE : DEFAULT_AVATAR_MALE;
}

const Img = styled.img<{ $size: number }>`
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  object-fit: cover;
  background: #e6f4f4;
  flex: none;
`;

export interface AvatarProps {
  src?: string | null;
  gender?: string | null;
  size?: number;
  /** Alternative text; empty (decorative) when the name is shown beside the avatar. */
  alt?: string;
}

/** The profile image, or a default picture by gender (male by default). */
export function Avatar({ src, gender, size = 36, alt = '' }: AvatarProps) {
  const fallback = defaultAvatar(gender);
  return (
    <Img
      $size={size}
      src={mediaUrl(src) ?? fallback}
      alt={alt}
      width={size}
      height={size}
      onError={(e) => {
        if (e.currentTarget.src !== fallback) e.currentTarget.src = fallback;
      }}
    />
  );
}
