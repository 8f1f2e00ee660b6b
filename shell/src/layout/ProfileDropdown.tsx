import { Avatar, LINK_COPIED_MS, MOBILE_BREAKPOINT_PX, useSession } from '@kinfolio/ui-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { copyText, invitationLinkFor } from './invitation';
import { UsernameModal } from './UsernameModal';

const Wrap = styled.div`
  position: relative;
  > button.kf-trigger {
    display: flex; align-items: center; gap: 8px; background: transparent; border: 1px solid transparent;
    border-radius: 999px; padding: 2px 10px 2px 2px; cursor: pointer; color: inherit; font-weight: 600;
  }
  > button.kf-trigger:hover { border-color: rgba(127, 127, 127, 0.4); }
  > button.kf-trigger .kf-name { max-width: 220px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  @media (max-width: ${MOBILE_BREAKPOINT_PX - 1}px) {
    > button.kf-trigger { padding: 2px; }
    > button.kf-trigger .kf-name, > button.kf-trigger .kf-caret { display: none; }
  }
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  min-width: 200px;
  background: #fff;
  color: #1d2b2b;
  border-radius: 10px;
  box-shadow: 0 6px 24px rgba(16, 48, 47, 0.18);
  padding: 6px;
  z-index: 900;
  button {
    display: block; width: 100%; text-align: left; padding: 10px 12px; border: 0; background: transparent;
    border-radius: 6px; cursor: pointer; color: inherit; font-size: 15px;
  }
  button:hover, button:focus-visible { background: #e6f4f4; }
  button:disabled { opacity: 0.5; cursor: not-allowed; }
`;

/** The profile button's accessible name: what it is first, then whose it is ('Profile menu, Tan Wei Ling'). */
export function profileMenuLabel(name: string | null | undefined): string {
  const who = name?.trim();
  return who ? `Profile menu, ${who}` : 'Profile menu';
}

/**
 * The header's profile dropdown (spec §2.6): the avatar; Invitation link ('Link copied' for 3 s, or the Add User
 * Name modal when there is no username); Add customer; Logout. Admins (and customers) see only Logout.
 */
export function ProfileDropdown() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [askName, setAskName] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const isAdvisor = user?.type === 'advisor';

  const onInvitation = async () => {
    if (!user) return;
    const username = user.username?.trim();
    if (!username || /\s/.test(username)) {
      setOpen(false);
      setAskName(true);
      return;
    }
    await copyText(await invitationLinkFor(username));
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS);
  };

  const onAddCustomer = () => {
    if (!user) return;
    setOpen(false);
    const q = new URLSearchParams({ referral_id: user.referral_id ?? '', advisor_id: user.id });
    navigate(`/on-boarding?${q.toString()}`);
  };

  return (
    <Wrap ref={ref}>
      <button
        type="button"
        className="kf-trigger"
        aria-label={profileMenuLabel(user?.name)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={user?.profile_image} gender={user?.gender} size={34} />
        <span className="kf-name">{user?.name || 'Account'}</span>
        <span className="kf-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <Menu id={menuId} role="menu" aria-label="Profile">
          {isAdvisor ? (
            <>
              <button
                type="button"
                role="menuitem"
                disabled={!user}
                onClick={() => void onInvitation()}
                aria-live="polite"
              >
                {copied ? 'Link copied' : 'Invitation link'}
              </button>
              <button type="button" role="menuitem" disabled={!user} onClick={onAddCustomer}>
                Add customer
              </button>
            </>
          ) : null}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            Logout
          </button>
        </Menu>
      ) : null}
      <UsernameModal open={askName} onClose={() => setAskName(false)} />
    </Wrap>
  );
}
