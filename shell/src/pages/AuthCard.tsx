import type { ReactNode } from 'react';
import styled from 'styled-components';

const Card = styled.main`
  max-width: 460px;
  margin: 40px auto;
  padding: 28px 28px 24px;
  background: #fff;
  border-radius: 14px;
  box-shadow: 0 2px 14px rgba(16, 48, 47, 0.1);
  h1 { margin: 0 0 6px; font-size: 26px; color: #10302f; }
  .kf-lead { margin: 0 0 20px; color: #4f5d5d; }
  form > button[type='submit'] { width: 100%; margin-top: 6px; }
  .kf-next { display: flex; flex-direction: column; gap: 10px; margin-top: 6px; }
  .kf-next > button { width: 100%; }
  .kf-links { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px; margin-top: 18px; font-size: 15px; }
  .kf-ok { color: #175f2f; background: #e5f5ea; padding: 10px 12px; border-radius: 8px; margin: 0 0 14px; }
  @media (max-width: 520px) { margin: 16px; padding: 20px; }
`;

export function AuthCard({
  title,
  lead,
  children,
  wide,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Card id="main" style={wide ? { maxWidth: 620 } : undefined}>
      <h1>{title}</h1>
      {lead ? <p className="kf-lead">{lead}</p> : null}
      {children}
    </Card>
  );
}
