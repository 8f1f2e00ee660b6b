import type { auth } from '@kinfolio/contracts';
import { Avatar, api, DEFAULT_ROUTE, FREE_TRIAL_DAYS, Skeleton, useSession } from '@kinfolio/ui-kit';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Header } from '../layout/Header';
import { tenantOf } from '../layout/invitation';
import { homeFor } from '../layout/select';
import { AuthCard } from './AuthCard';

const Hero = styled.section`
  background: linear-gradient(160deg, #10302f 0%, #1f6f6c 100%);
  color: #fff;
  padding: 64px 24px 72px;
  .kf-inner { max-width: 1040px; margin: 0 auto; }
  h1 { font-size: clamp(30px, 5vw, 48px); line-height: 1.15; margin: 0 0 16px; max-width: 760px; }
  p { font-size: 19px; max-width: 680px; color: #e3f1f1; margin: 0 0 28px; }
  .kf-ctas { display: flex; flex-wrap: wrap; gap: 12px; }
  .kf-ctas a { display: inline-flex; align-items: center; min-height: 46px; padding: 10px 22px; border-radius: 10px; font-weight: 700; text-decoration: none; }
  .kf-primary { background: #4db2af; color: #0b2120; }
  .kf-secondary { border: 2px solid #fff; color: #fff; }
`;

const Features = styled.section`
  max-width: 1040px;
  margin: 0 auto;
  padding: 48px 24px 56px;
  h2 { font-size: 28px; margin: 0 0 24px; color: #10302f; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); gap: 18px; }
  li { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 1px 6px rgba(16, 48, 47, 0.08); }
  h3 { margin: 0 0 8px; font-size: 18px; color: #1f6f6c; }
  p { margin: 0; color: #3c4747; }
`;

const Footer = styled.footer`
  text-align: center;
  padding: 24px;
  color: #4f5d5d;
  font-size: 14px;
  a { margin: 0 8px; }
`;

const Advisor = styled.section`
  background: linear-gradient(160deg, #10302f 0%, #1f6f6c 100%);
  color: #fff;
  padding: 56px 24px 64px;
  .kf-inner { max-width: 1040px; margin: 0 auto; display: flex; flex-wrap: wrap; align-items: center; gap: 28px; }
  img { border: 4px solid #4db2af; }
  h1 { font-size: clamp(28px, 4.5vw, 44px); line-height: 1.15; margin: 0 0 6px; }
  .kf-designation { font-size: 19px; color: #e3f1f1; margin: 0 0 18px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 14px; margin: 0; font-size: 17px; }
  dt { font-weight: 700; color: #bfe3e2; }
  dd { margin: 0; }
  a { color: #fff; }
`;

type AdvisorPublic = auth.AdvisorPublicPage;

/** Meta data, testimonials and reviews: a separate chunk, loaded on tenant pages only. */
const AdvisorSections = lazy(() => import(/* webpackChunkName: "lazy-advisor-page" */ './AdvisorSections'));
const LeadMagnets = lazy(() => import(/* webpackChunkName: "lazy-advisor-page" */ './LeadMagnets'));
/** The plans of /subscription: a chunk of their own, so the shell's first load does not carry them. */
const LazyPlans = lazy(() =>
  import(/* webpackChunkName: "lazy-plans" */ './subscription/Plans').then((m) => ({ default: m.Plans })),
);
function Plans(props: { chooseFor: 'advisor' | null }) {
  return (
    <Suspense fallback={<Skeleton rows={2} label="Loading the plans" />}>
      <LazyPlans {...props} />
    </Suspense>
  );
}

/** What the home page shows: the tenant advisor's public page, the generic landing page, or nothing yet. */
type HomeState = { kind: 'loading' } | { kind: 'generic' } | { kind: 'advisor'; advisor: AdvisorPublic };

/**
 * On a tenant sub-domain (`{username}.{host}`, spec §1) asks `advisor/public` for the advisor the host names; any
 * failure (no such advisor, a bare host the browser took for a tenant, an outage) gives the generic page.
 */
function useHomeState(hostname: string): HomeState {
  const tenant = tenantOf(hostname);
  const [state, setState] = useState<HomeState>(tenant ? { kind: 'loading' } : { kind: 'generic' });
  useEffect(() => {
    if (!tenant) return;
    const ctl = new AbortController();
    api
      .get<AdvisorPublic | null>('advisor/public', { signal: ctl.signal, catalogue: false })
      .then((advisor) =>
        setState(advisor && typeof advisor.name === 'string' ? { kind: 'advisor', advisor } : { kind: 'generic' }),
      )
      .catch(() => {
        if (!ctl.signal.aborted) setState({ kind: 'generic' });
      });
    return () => ctl.abort();
  }, [tenant]);
  return state;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The advisor's public page (spec §1): name, designation, business e-mail and phone, and the profile image; then
 * meta data, testimonials and published reviews with the average rating. The header offers the visitor no advisor
 * sign-up ('14-Day Free Trial'): the visitor is the advisor's prospect or customer, and 'Sign In' is the customer's.
 */
function AdvisorHome({ advisor }: { advisor: AdvisorPublic }) {
  const email = advisor.business_email || advisor.email;
  const phone = advisor.business_phone || advisor.contact_number;
  return (
    <>
      <Header dark visitor />
      <main id="main">
        <Advisor aria-labelledby="kf-advisor-name">
          <div className="kf-inner">
            <Avatar src={advisor.og_image} size={144} alt={`Photo of ${advisor.name}`} />
            <div>
              <h1 id="kf-advisor-name">{advisor.name}</h1>
              {advisor.designation ? <p className="kf-designation">{advisor.designation}</p> : null}
              <dl>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
                {phone ? (
                  <>
                    <dt>Phone</dt>
                    <dd>
                      <a href={telHref(phone)}>{phone}</a>
                    </dd>
                  </>
                ) : null}
              </dl>
            </div>
          </div>
        </Advisor>
        <Suspense fallback={null}>
          <AdvisorSections advisor={advisor} />
          <LeadMagnets magnets={advisor.lead_magnets} />
        </Suspense>
      </main>
      <HomeFooter />
    </>
  );
}

function HomeFooter() {
  return (
    <Footer>
      <span>© Kinfolio · Fintech Advisory for Singapore and Malaysia</span>
      <Link to="/customer/auth/login">Customer sign in</Link>
    </Footer>
  );
}

/**
 * /home: on an advisor's sub-domain, the advisor's public page; elsewhere the landing page (the default header is
 * omitted here; the page draws its own). `hostname` is for tests.
 */
export function HomePage({ hostname = window.location.hostname }: { hostname?: string }) {
  const state = useHomeState(hostname);
  if (state.kind === 'loading')
    return (
      <>
        <Header dark visitor />
        <main id="main" aria-busy="true" />
      </>
    );
  if (state.kind === 'advisor') return <AdvisorHome advisor={state.advisor} />;
  return <GenericHome />;
}

function GenericHome() {
  const { user } = useSession();
  return (
    <>
      <Header dark />
      <main id="main">
        <Hero>
          <div className="kf-inner">
            <h1>Financial planning for independent advisors and the households they advise</h1>
            <p>
              Kinfolio brings your customers' cash flow, insurance, savings, pensions, investments, debts, property,
              dreams and concerns into one plan, with projections and scenarios you can walk through together.
            </p>
            <div className="kf-ctas">
              {user ? (
                <Link className="kf-primary" to={homeFor(user.type)}>
                  Go to your dashboard
                </Link>
              ) : (
                <>
                  <Link className="kf-primary" to="/subscription">
                    Start your {FREE_TRIAL_DAYS}-day free trial
                  </Link>
                  <Link className="kf-secondary" to="/auth/login">
                    Sign in
                  </Link>
                </>
              )}
            </div>
          </div>
        </Hero>
        <Features aria-labelledby="kf-features">
          <h2 id="kf-features">What Kinfolio does</h2>
          <ul>
            <li>
              <h3>Customers and leads</h3>
              <p>Keep every household in one place, invite customers with your personal link or add them yourself.</p>
            </li>
            <li>
              <h3>The whole picture</h3>
              <p>Cash flow, net worth, insurance, funds, debt and property in one financial report.</p>
            </li>
            <li>
              <h3>Projections and scenarios</h3>
              <p>Model retirement, dreams and concerns, and show what changes when plans change.</p>
            </li>
            <li>
              <h3>Your expert profile</h3>
              <p>A public page on your own sub-domain with your designation, contacts and testimonials.</p>
            </li>
          </ul>
        </Features>
      </main>
      <HomeFooter />
    </>
  );
}

/** /subscription: the free-trial entry; also where a 'subscription' error sends a signed-in advisor. */
export function SubscriptionPage() {
  const { user } = useSession();
  const ended =
    user?.type === 'advisor' &&
    (user.membership_status === 'expired' ||
      (user.membership_status === 'trial' && !!user.trial_ends_at && Date.parse(user.trial_ends_at) < Date.now()));
  if (user?.type === 'advisor') {
    return (
      <AuthCard title={ended ? 'Your free trial has ended' : 'Your subscription'} wide>
        {ended ? (
          <p>
            Your {FREE_TRIAL_DAYS}-day free trial has ended. Choose a subscription plan to keep working with your
            customers; your data is kept safe meanwhile.
          </p>
        ) : (
          <p>
            {user.membership_status === 'active'
              ? 'Your subscription is active.'
              : `You are on the ${FREE_TRIAL_DAYS}-day free trial.`}
          </p>
        )}
        {user.membership_status === 'active' ? null : <Plans chooseFor="advisor" />}
        <p>
          <Link to="/advisor/account-settings/my-subscription">
            {ended ? 'Choose a plan' : 'Subscription & Settings'}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Try Kinfolio free for ${FREE_TRIAL_DAYS} days`} wide>
      <p>
        Create your advisor account and use everything Kinfolio offers for {FREE_TRIAL_DAYS} days: customers and leads,
        financial reports, projections and scenario modelling, and your expert profile.
      </p>
      <ul>
        <li>No card needed to start.</li>
        <li>Choose a plan before the trial ends to keep going.</li>
      </ul>
      <Plans chooseFor={null} />
      <p style={{ marginTop: 24 }}>
        <Link
          to="/advisor/auth/create-account"
          style={{
            display: 'inline-block',
            background: '#1f6f6c',
            color: '#fff',
            padding: '10px 20px',
            borderRadius: 8,
            fontWeight: 700,
            textDecoration: 'none',
          }}
        >
          Start your free trial
        </Link>
      </p>
      <p>
        Already have an account? <Link to="/auth/login">Sign in</Link>
      </p>
    </AuthCard>
  );
}

export function NotFoundPage() {
  return (
    <AuthCard title="Page not found" lead="There is nothing at this address.">
      <Link to={DEFAULT_ROUTE}>Go to the home page</Link>
    </AuthCard>
  );
}
