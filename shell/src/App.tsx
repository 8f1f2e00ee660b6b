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

function Remote({ remote, expose = './App' }: { remote: RemoteName; expose?: string }) {
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

type RemoteName = 'mf_advisor' | 'mf_customer' | 'mf_admin' | 'mf_support';

/** The shell's own pages by path, each shown inside `Page`. */
const PAGES: Readonly<Record<string, ReactNode>> = {
  [DEFAULT_ROUTE]: <HomePage />,
  '/auth/login': <LoginPage />,
  '/auth/forgot-password': <ForgotPasswordPage />,
  '/auth/reset-password': <ResetPasswordPage />,
  '/advisor/auth/create-account': <SignUpPage />,
  '/advisor/auth/verification': <VerificationPage />,
  '/customer/auth/login': <CustomerLoginPage />,
  '/customer/auth/forgot-password': <CustomerForgotPasswordPage />,
  '/customer/auth/create-password': <CustomerCreatePasswordPage />,
  '/customer/auth/reset-password': <CustomerResetPasswordPage />,
  '/subscription': <SubscriptionPage />,
  '/on-boarding': <OnBoardingPage />,
};

/** The signed-in areas: each path opens a remote's App behind the guard of the roles that may see it. */
const AREAS: ReadonlyArray<readonly [path: string, allow: UserType[], remote: RemoteName]> = [
  ['/advisor/customers/:customerId/*', ['advisor'], 'mf_customer'],
  ['/advisor/*', ['advisor'], 'mf_advisor'],
  ['/customer/dashboard/*', ['customer'], 'mf_customer'],
  ['/admin-dashboard/*', ['admin'], 'mf_admin'],
  ['/support/*', ['advisor', 'customer'], 'mf_support'],
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={DEFAULT_ROUTE} replace />} />
      <Route path="/_app" element={<Navigate to={DEFAULT_ROUTE} replace />} />
      {Object.entries(PAGES).map(([path, page]) => (
        <Route key={path} path={path} element={<Page>{page}</Page>} />
      ))}
      <Route path="/advisor/auth/subscription" element={<Navigate to="/subscription" replace />} />
      {AREAS.map(([path, allow, remote]) => (
        <Route
          key={path}
          path={path}
          element={
            <Guard allow={allow}>
              <Remote remote={remote} />
            </Guard>
          }
        />
      ))}
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
