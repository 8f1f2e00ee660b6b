import {
  DEFAULT_ROUTE,
  ErrorBoundary,
  GlobalStyle,
  SessionProvider,
  Skeleton,
  setNavigator,
  theme,
  useSession,
} from '@kinfolio/ui-kit';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { Frame } from './layout/Frame';
import { RouteProgressProvider, RouteReady } from './layout/progress';
import { guardFor, homeFor } from './layout/select';
// The public pages are small (about 7 KB gzip together) and are what a first visit opens (/home, /auth/login), so
// they ship in the first chunk: the page paints as soon as that chunk runs. Signed-in areas are the remotes.
import {
  CustomerCreatePasswordPage,
  CustomerForgotPasswordPage,
  CustomerLoginPage,
  CustomerResetPasswordPage,
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  SignUpPage,
  VerificationPage,
} from './pages/auth';
import { HomePage, NotFoundPage, SubscriptionPage } from './pages/misc';
import { RemoteArea, RemoteUnavailable } from './remotes/RemoteArea';

// The on-boarding fact-find loads when it opens: it stays out of the shell's first load.
const OnBoardingPage = lazy(
  () => import(/* webpackChunkName: "lazy-onboarding" */ './pages/onboarding/OnBoardingPage'),
);

const loading = (
  <div style={{ padding: 24, maxWidth: 720, margin: '0 auto' }}>
    <Skeleton rows={4} label="Loading page" />
  </div>
);

/** A shell page, reporting to the progress bar once shown. */
function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={loading}>
      {children}
      <RouteReady />
    </Suspense>
  );
}

type UserType = 'admin' | 'advisor' | 'customer';

/**
 * Signed-out visitors to /advisor, /admin-dashboard and /support go to /auth/login, to /customer/dashboard go to
 * /customer/auth/login; a signed-in user in another role's area goes to their own home (docs/decisions/web.md).
 */
function Guard({ allow, children }: { allow: UserType[]; children: ReactNode }) {
  const { user, status } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'idle' || status === 'loading') return loading;
  if (!user) {
    const login = guardFor(pathname)?.login ?? '/auth/login';
    return <Navigate to={`${login}?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  if (!allow.includes(user.type)) return <Navigate to={homeFor(user.type)} replace />;
  return <>{children}</>;
}

function Remote({
  remote,
  expose = './App',
}: {
  remote: 'mf_advisor' | 'mf_customer' | 'mf_admin' | 'mf_support';
  expose?: string;
}) {
  return (
    <RemoteArea
      remote={remote}
      expose={expose}
      after={<RouteReady />}
      failure={
        <>
          <RemoteUnavailable remote={remote} />
          <RouteReady />
        </>
      }
    />
  );
}

/** Keeps the API client's and the session's navigations inside the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, opts) => navigate(to, { replace: opts?.replace }));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={DEFAULT_ROUTE} replace />} />
      <Route path="/_app" element={<Navigate to={DEFAULT_ROUTE} replace />} />
      <Route
        path={DEFAULT_ROUTE}
        element={
          <Page>
            <HomePage />
          </Page>
        }
      />
      <Route
        path="/auth/login"
        element={
          <Page>
            <LoginPage />
          </Page>
        }
      />
      <Route
        path="/auth/forgot-password"
        element={
          <Page>
            <ForgotPasswordPage />
          </Page>
        }
      />
      <Route
        path="/auth/reset-password"
        element={
          <Page>
            <ResetPasswordPage />
          </Page>
        }
      />
      <Route
        path="/advisor/auth/create-account"
        element={
          <Page>
            <SignUpPage />
          </Page>
        }
      />
      <Route
        path="/advisor/auth/verification"
        element={
          <Page>
            <VerificationPage />
          </Page>
        }
      />
      <Route path="/advisor/auth/subscription" element={<Navigate to="/subscription" replace />} />
      <Route
        path="/customer/auth/login"
        element={
          <Page>
            <CustomerLoginPage />
          </Page>
        }
      />
      <Route
        path="/customer/auth/forgot-password"
        element={
          <Page>
            <CustomerForgotPasswordPage />
          </Page>
        }
      />
      <Route
        path="/customer/auth/create-password"
        element={
          <Page>
            <CustomerCreatePasswordPage />
          </Page>
        }
      />
      <Route
        path="/customer/auth/reset-password"
        element={
          <Page>
            <CustomerResetPasswordPage />
          </Page>
        }
      />
      <Route
        path="/subscription"
        element={
          <Page>
            <SubscriptionPage />
          </Page>
        }
      />
      <Route
        path="/on-boarding"
        element={
          <Page>
            <OnBoardingPage />
          </Page>
        }
      />
      <Route
        path="/advisor/customers/:customerId/*"
        element={
          <Guard allow={['advisor']}>
            <Remote remote="mf_customer" />
          </Guard>
        }
      />
      <Route
        path="/advisor/*"
        element={
          <Guard allow={['advisor']}>
            <Remote remote="mf_advisor" />
          </Guard>
        }
      />
      <Route
        path="/customer/dashboard/*"
        element={
          <Guard allow={['customer']}>
            <Remote remote="mf_customer" />
          </Guard>
        }
      />
      <Route
        path="/admin-dashboard/*"
        element={
          <Guard allow={['admin']}>
            <Remote remote="mf_admin" />
          </Guard>
        }
      />
      <Route
        path="/support/*"
        element={
          <Guard allow={['advisor', 'customer']}>
            <Remote remote="mf_support" />
          </Guard>
        }
      />
      <Route path="/document-viewer" element={<Remote remote="mf_support" expose="./DocumentViewer" />} />
      <Route
        path="*"
        element={
          <Page>
            <NotFoundPage />
          </Page>
        }
      />
    </Routes>
  );
}

/** Everything inside the router: session, theme, progress bar, layout by route, routes; errors → error screen. */
export function Shell({ children = <AppRoutes /> }: { children?: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ErrorBoundary name="shell">
        <SessionProvider>
          <NavigatorBridge />
          <RouteProgressProvider>
            <Frame>{children}</Frame>
          </RouteProgressProvider>
        </SessionProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <Shell />
    </BrowserRouter>
  );
}
