import { Avatar, Button, Modal, theme } from '@kinfolio/ui-kit';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ageText, type LeadInfo } from './lead';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 12px 24px;
  background: ${theme.colors.header};
  color: #fff;
  h1 {
    margin: 0;
    font-size: 1.15rem;
    line-height: 1.2;
  }
  .age {
    margin: 2px 0 0;
    font-size: 0.85rem;
    color: #cbd5e0;
  }
  .spacer {
    flex: 1;
  }
  @media (max-width: 767px) {
    flex-wrap: wrap;
    padding: 10px 16px;
    gap: 10px;
  }
`;

/** Spec §2.8: 'Are you sure you want to logout?' with 'Cancel' and 'Yes, Logout'. */
export function LogoutConfirm({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title="Are you sure you want to logout?"
      onClose={() => !busy && onCancel()}
      width={400}
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={() => {
              setBusy(true);
              onConfirm();
            }}
          >
            Yes, Logout
          </Button>
        </>
      }
    />
  );
}

export interface TopBarProps {
  info: LeadInfo;
  viewer: 'advisor' | 'customer';
  onLogout: () => void | Promise<void>;
  /** Actions shown before Exit dashboard or Logout (the client plan's button). */
  actions?: ReactNode;
}

/** The customer dashboard's top bar (spec §2.8): avatar, name, age, and Exit dashboard or Logout. */
export function TopBar({ info, viewer, onLogout, actions }: TopBarProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <Bar>
      <Avatar src={info.profile_image} gender={info.gender} size={44} alt="" />
      <div>
        <h1>{info.name}</h1>
        <p className="age">{ageText(info)}</p>
      </div>
      <span className="spacer" />
      {actions}
      {viewer === 'advisor' ? (
        <Button variant="secondary" onClick={() => navigate('/advisor/customers')}>
          Exit dashboard
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Logout
        </Button>
      )}
      {confirming ? (
        <LogoutConfirm
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            void Promise.resolve(onLogout()).finally(() => setConfirming(false));
          }}
        />
      ) : null}
    </Bar>
  );
}
