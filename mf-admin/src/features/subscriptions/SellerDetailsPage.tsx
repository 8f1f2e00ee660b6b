import type { billing } from '@kinfolio/contracts';
import {
  api,
  Button,
  errorMessage,
  FormError,
  fieldErrors,
  formatDateTime,
  Skeleton,
  TextArea,
  TextInput,
  theme,
  useLoad,
} from '@kinfolio/ui-kit';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { AdminPage, Note } from '../../components/crud';

type Seller = billing.SellerDetails;

/** The limits and the number pattern of the contract (billing.SellerDetailsBody), kept here so zod stays server-side. */
export const NAME_MAX = 200;
export const ADDRESS_MAX = 500;
export const ADDRESS_LINES_MAX = 6;
export const NUMBER_MAX = 50;
const NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./()-]*$/;

interface Form {
  business_name: string;
  address: string;
  registration_number: string;
  tax_registered: boolean;
  tax_number: string;
}
const FIELDS: ReadonlyArray<keyof Form> = [
  'business_name',
  'address',
  'registration_number',
  'tax_registered',
  'tax_number',
];
const EMPTY: Form = { business_name: '', address: '', registration_number: '', tax_registered: false, tax_number: '' };
const formOf = (s: Seller | null): Form =>
  s
    ? {
        business_name: s.business_name,
        address: s.address,
        registration_number: s.registration_number,
        tax_registered: s.tax_registered,
        tax_number: s.tax_number ?? '',
      }
    : EMPTY;

const addressLines = (a: string) =>
  a
    .split(/\r\n|\r|\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** The contract's rules, checked before sending: errors by field (empty when the form may be sent). */
export function check(f: Form): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f.business_name.trim()) out.business_name = 'Enter the business name';
  const lines = addressLines(f.address);
  if (!lines.length) out.address = 'Enter the business address';
  else if (lines.length > ADDRESS_LINES_MAX) out.address = `Use at most ${ADDRESS_LINES_MAX} lines`;
  const number = (key: 'registration_number' | 'tax_number', missing: string) => {
    const v = f[key].trim();
    if (!v) out[key] = missing;
    else if (!NUMBER_PATTERN.test(v)) out[key] = 'Use letters, digits, spaces and - / . ( ) only';
  };
  number('registration_number', 'Enter the registration number');
  if (f.tax_registered) number('tax_number', 'Enter the tax registration number');
  return out;
}

const Fields = styled.form`
  max-width: 560px;
  fieldset { border: 0; margin: 0 0 14px; padding: 0; }
  legend { font-weight: 600; font-size: 14px; color: ${theme.colors.text}; margin-bottom: 6px; padding: 0; }
  .kf-choice { display: inline-flex; align-items: center; gap: 6px; margin-right: 20px; min-height: 32px; }
  .kf-choice input { width: 18px; height: 18px; accent-color: ${theme.colors.primaryDark}; }
  .kf-field-error { color: ${theme.colors.danger}; font-size: 13px; margin: 4px 0 0; }
  .kf-meta { color: ${theme.colors.muted}; font-size: 14px; margin: 0 0 16px; }
`;

/**
 * Subscriptions › Seller Details (issue 35): the business details every receipt carries (business name, address,
 * registration number, and the tax number when tax registered). Saving keeps the earlier details for the receipts
 * already issued: only payments recorded from then on print the new ones (the page says so).
 */
export function SellerDetailsPage() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { data, loadError, setData } = useLoad<{ seller: Seller | null }>(
    async (signal) => ({
      seller: await api.get<Seller | null>('admin/billing/seller', { signal, catalogue: false }),
    }),
    [],
    { onData: ({ seller }) => setForm(formOf(seller)) },
  );

  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setSaved(null);
    };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(null);
    setFailure(null);
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0];
      document.getElementById(`seller-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const seller = await api.put<Seller>(
        'admin/billing/seller',
        {
          business_name: form.business_name.trim(),
          address: addressLines(form.address).join('\n'),
          registration_number: form.registration_number.trim(),
          tax_registered: form.tax_registered,
          tax_number: form.tax_registered ? form.tax_number.trim() : null,
        },
        { catalogue: false },
      );
      setData({ seller });
      setForm(formOf(seller));
      setSaved('Seller details saved. Receipts of payments recorded from now on carry them.');
    } catch (err) {
      // a refusal naming a field shows at that field (its tooltip is an alert); any other under the button
      const found = fieldErrors(err);
      setErrors(found);
      setFailure(FIELDS.some((k) => found[k]) ? null : errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminPage>
      <h1>Seller Details</h1>
      <p className="kf-lead">
        The business details printed on every receipt. A receipt keeps the details in force when its payment was
        recorded: a change here applies to later payments only.
      </p>
      {loadError ? (
        <Note $ok={false} role="alert">
          {loadError}
        </Note>
      ) : data === null ? (
        <Skeleton rows={5} label="Loading seller details" />
      ) : (
        <Fields onSubmit={submit} aria-label="Seller details" noValidate>
          <p className="kf-meta">
            {data.seller
              ? `Last saved ${formatDateTime(data.seller.updated_at)} by admin ${data.seller.updated_by.slice(0, 8)}.`
              : 'Not set yet: receipts name no seller details until you save them.'}
          </p>
          <TextInput
            id="seller-business_name"
            label="Business Name"
            value={form.business_name}
            onChange={set('business_name')}
            error={errors.business_name}
            maxLength={NAME_MAX}
            autoComplete="organization"
          />
          <TextArea
            id="seller-address"
            label="Business Address"
            value={form.address}
            onChange={set('address')}
            error={errors.address}
            maxLength={ADDRESS_MAX}
            rows={4}
            hint={`As it should print, one line each (at most ${ADDRESS_LINES_MAX} lines).`}
            autoComplete="street-address"
          />
          <TextInput
            id="seller-registration_number"
            label="Registration Number"
            value={form.registration_number}
            onChange={set('registration_number')}
            error={errors.registration_number}
            maxLength={NUMBER_MAX}
            hint="The SSM or UEN number, e.g. 202301012345 (1234567-A) or 201912345K."
          />
          <fieldset aria-describedby="seller-tax-hint">
            <legend>Tax Registered</legend>
            <label className="kf-choice">
              <input
                type="radio"
                name="seller-tax-registered"
                checked={!form.tax_registered}
                onChange={() => set('tax_registered')(false)}
              />
              No
            </label>
            <label className="kf-choice">
              <input
                type="radio"
                name="seller-tax-registered"
                checked={form.tax_registered}
                onChange={() => set('tax_registered')(true)}
              />
              Yes
            </label>
            <p id="seller-tax-hint" className="kf-hint" style={{ margin: '4px 0 0', color: theme.colors.muted }}>
              Registered for SST (Malaysia) or GST (Singapore): receipts then show the tax registration number.
            </p>
            {errors.tax_registered ? <p className="kf-field-error">{errors.tax_registered}</p> : null}
          </fieldset>
          {form.tax_registered ? (
            <TextInput
              id="seller-tax_number"
              label="Tax Registration Number"
              value={form.tax_number}
              onChange={set('tax_number')}
              error={errors.tax_number}
              maxLength={NUMBER_MAX}
              hint="The SST or GST registration number, e.g. W10-1808-31000000 or M2-1234567-8."
            />
          ) : errors.tax_number ? (
            <p className="kf-field-error" role="alert">
              {errors.tax_number}
            </p>
          ) : null}
          <Button type="submit" loading={busy}>
            Save seller details
          </Button>
          <FormError>{failure ?? undefined}</FormError>
          {saved ? (
            <Note $ok role="status">
              {saved}
            </Note>
          ) : null}
        </Fields>
      )}
    </AdminPage>
  );
}
