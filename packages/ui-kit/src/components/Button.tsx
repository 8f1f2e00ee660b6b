import type { ButtonHTMLAttributes } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { theme } from '../theme';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner, sets aria-busy and disables the button. */
  loading?: boolean;
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.colors.primaryDark};
    color: #fff;
    border-color: ${theme.colors.primaryDark};
    &:hover:not(:disabled) { background: #185b59; }
  `,
  secondary: css`
    background: #fff;
    color: ${theme.colors.primaryDark};
    border-color: ${theme.colors.primaryDark};
    &:hover:not(:disabled) { background: ${theme.colors.primarySoft}; }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: #fff;
    border-color: ${theme.colors.danger};
    &:hover:not(:disabled) { background: #8f1e18; }
  `,
  link: css`
    background: transparent;
    color: ${theme.colors.primaryDark};
    border-color: transparent;
    padding-left: 0;
    padding-right: 0;
    text-decoration: underline;
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 40px;
  padding: 8px 18px;
  border-radius: ${theme.radius};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  ${(p) => variants[p.$variant]}
  &:disabled { opacity: 0.65; cursor: not-allowed; }
  .kf-spin {
    width: 14px; height: 14px; border-radius: 50%;
    border: 2px solid currentColor; border-right-color: transparent;
    animation: ${spin} 0.7s linear infinite;
  }
`;

export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      $variant={variant}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="kf-spin" aria-hidden="true" /> : null}
      {children}
    </StyledButton>
  );
}
