import { type ReactNode, useMemo } from 'react';
import styled from 'styled-components';
import { formatTime, groupByDay, isImageAttachment, isMine, mediaUrl } from './format';
import { SkeletonBar } from './styles';
import type { Mode, Reply, ReplyAttachment } from './types';

/** Spec §9: conversation skeleton of 4 placeholders per group, 410 groups. */
export const SKELETON_PER_GROUP = 4;
export const SKELETON_GROUPS = 410;
/**
 * Decision (docs/decisions/support-ui.md): the 410 groups are kept as the nominal size, but only the groups that
 * can be on screen are rendered (the skeleton lives ~0.5 s; 1,640 nodes would cost more than the real list).
 */
export const SKELETON_VISIBLE_GROUPS = 3;

const GROUP_KEYS = Array.from({ length: Math.min(SKELETON_GROUPS, SKELETON_VISIBLE_GROUPS) }, (_, g) => `group-${g}`);
const ITEM_KEYS = Array.from({ length: SKELETON_PER_GROUP }, (_, i) => ({ key: `item-${i}`, right: i % 2 === 1 }));

export function ConversationSkeleton() {
  return (
    <div aria-hidden="true" data-testid="conversation-skeleton" data-groups={SKELETON_GROUPS}>
      {GROUP_KEYS.map((g) => (
        <div key={g} data-testid="skeleton-group">
          <SkeletonBar $w="90px" $h="12px" style={{ margin: '12px auto' }} />
          {ITEM_KEYS.map((it) => (
            <SkeletonBar
              key={it.key}
              data-testid="skeleton-item"
              $w={it.right ? '55%' : '40%'}
              $h="34px"
              style={{ marginLeft: it.right ? 'auto' : 0 }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

const DayHeading = styled.h3`
  text-align: center;
  font-size: 12px;
  font-weight: 600;
  color: #4f5d5d;
  margin: 14px 0 6px;
`;
const Bubble = styled.li<{ $mine: boolean }>`
  list-style: none;
  max-width: 75%;
  margin: 6px 0;
  margin-left: ${(p) => (p.$mine ? 'auto' : '0')};
  background: ${(p) => (p.$mine ? '#e3f4f3' : '#f3f5f7')};
  border-radius: 10px;
  padding: 8px 10px;
  p { margin: 0; white-space: pre-wrap; word-break: break-word; }
  time { display: block; font-size: 11px; color: #4f5d5d; margin-top: 4px; text-align: right; }
  img, video { max-width: 100%; max-height: 240px; border-radius: 6px; display: block; margin-top: 6px; }
`;
const Ul = styled.ul`
  margin: 0;
  padding: 0;
`;

export function AttachmentView({ attachment }: { attachment: ReplyAttachment }) {
  const url = mediaUrl(attachment.url || attachment.media);
  const name = attachment.fileName ?? attachment.media.split('/').pop() ?? 'attachment';
  if (isImageAttachment(attachment)) {
    return (
      <a href={url} target="_blank" rel="noreferrer">
        <img src={url} alt={name} loading="lazy" />
      </a>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: user-uploaded media has no caption track
    <video src={url} controls preload="metadata" aria-label={name} />
  );
}

interface Props {
  replies: Reply[];
  mode: Mode;
  now?: Date;
  /** Rendered before the replies (the ticket's own query). */
  head?: ReactNode;
}

/** Messages grouped by day ('Today', 'Yesterday', else a date), each with its time in hh:mm a. */
export function MessageList({ replies, mode, now, head }: Props) {
  const groups = useMemo(() => groupByDay(replies, now), [replies, now]);
  return (
    <div>
      {head}
      {groups.map((g) => (
        <section key={g.key} aria-label={g.label}>
          <DayHeading>{g.label}</DayHeading>
          <Ul>
            {g.items.map((r) => {
              const mine = isMine(r, mode);
              return (
                <Bubble key={r.id} $mine={mine} data-testid="message" data-mine={mine}>
                  {r.reply ? <p>{r.reply}</p> : null}
                  {r.attachments.map((a) => (
                    <AttachmentView key={a.media} attachment={a} />
                  ))}
                  <time dateTime={r.createdAt}>{formatTime(r.createdAt)}</time>
                </Bubble>
              );
            })}
          </Ul>
        </section>
      ))}
    </div>
  );
}
