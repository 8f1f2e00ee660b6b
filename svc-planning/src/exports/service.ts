import { randomUUID } from 'node:crypto';
import { exportsContract as X } from '@kinfolio/contracts';
import { AppError, notFound, type ServiceContext } from '@kinfolio/service-kit';
import { householdChanged } from '../households/changes';
import { advisorBranding } from '../messaging/on-advisor-events';
import { advisorPhoto } from './advisor-photo';
import { type HouseholdRow, iso } from '../records/access';
import { runStoredScenario } from '../scenarios/run';
import { fileName } from './format';
import { renderInProcess } from './render-process';
import { type Branding, buildReport, REPORT_TITLES, type ScenarioReplyLike } from './report';
import { insertSharedDocument, type SharedRow, sharedDocument, sharedDocuments } from './repository';
import { clientPlanSettings } from './client-plan-settings';
import { readContext } from '../read-db';

/** A file to send: its bytes, content type and name. */
export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** Told as an export is made: how far (0 to 100) and what it is doing, in words. */
export type Progress = (progress: number, stage: string) => void | Promise<void>;

const FORMAT_NAMES: Record<X.ExportFormat, string> = { xlsx: 'Excel', pptx: 'PowerPoint', docx: 'Word', pdf: 'PDF' };

/**
 * The export of one stored household as a file: its bytes, content type and file name. The client plan takes its
 * sections and currency from the body, else from the advisor's saved choice (client-plan-settings.ts), and runs the
 * saved scenario with Monte Carlo for its summary's probability of success and its scenario section.
 */
export async function makeExport(
  ctx: ServiceContext,
  hh: HouseholdRow,
  body: X.ExportBody,
  progress: Progress = () => undefined,
): Promise<ExportFile> {
  let scenario: ScenarioReplyLike | undefined;
  let sections: readonly X.ClientPlanSection[] | undefined;
  let currency = body.currency;
  // the household's reads from the replica when it has replayed its last write (../read-db.ts); the branding (the
  // advisor's profile, not the household's) from the primary
  const reads = await readContext(ctx, hh);
  if (body.report === 'client-plan') {
    const saved = await clientPlanSettings(reads, hh);
    sections = body.sections ?? saved.sections;
    currency ??= saved.currency ?? undefined;
    if (sections.includes('scenario') || sections.includes('summary')) {
      await progress(5, 'Running the scenario and its Monte Carlo trials');
      scenario = await scenarioOf(reads, hh, {
        ...(body.scenario ?? {}),
        scenario: {
          ...(body.scenario?.scenario ?? {}),
          monte_carlo: { enabled: true, ...(body.scenario?.scenario?.monte_carlo ?? {}) },
        },
      });
    }
  }
  if (body.report === 'scenario') scenario = await scenarioOf(reads, hh, body.scenario ?? {});
  await progress(25, 'Reading the plan');
  const report = await buildReport({
    ctx: reads,
    hh,
    report: body.report,
    currency,
    asOf: body.as_of,
    branding: await brandingOf(ctx, hh, body),
    scenario,
    sections,
    onSection: (done, of) => progress(25 + Math.round((40 * done) / of), `Building section ${done} of ${of}`),
  });
  await progress(70, `Writing the ${FORMAT_NAMES[body.format]} file`);
  // written in the export process, off the event loop (render-process.ts)
  const file = await renderInProcess(body.format, report);
  return { body: file, contentType: X.EXPORT_CONTENT_TYPES[body.format], fileName: fileName(report, body.format) };
}

/**
 * Who the report is from: the household's advisor as svc-planning's copy of svc-auth's advisor events has them
 * (messaging/on-advisor-events.ts), with the client plan cover's contact facts: the business e-mail (else the sign-in
 * e-mail), the business phone (else the sign-up mobile) and the profile photo (advisorPhoto). Before any such event
 * arrived (an advisor who registered before the copy existed and has not changed their profile since), the name and
 * designation the caller's screen sends; else "Your advisor" (docs/decisions/exports.md).
 */
export async function brandingOf(ctx: ServiceContext, hh: HouseholdRow, body: X.ExportBody): Promise<Branding> {
  const known = await advisorBranding(ctx.db, hh.advisor_id);
  if (known)
    return {
      advisor_name: known.name,
      designation: known.designation,
      email: known.business_email ?? known.email,
      phone: known.business_phone ?? known.contact_number,
      // only the client plan's cover shows the photo: a tab export does not read it
      photo:
        known.profile_image && body.report === 'client-plan'
          ? await advisorPhoto(ctx, hh.advisor_id, known.profile_image)
          : null,
    };
  return {
    advisor_name: body.branding?.advisor_name || 'Your advisor',
    designation: body.branding?.designation || null,
  };
}

/**
 * The scenario comparison, computed as the scenario screen's stored run computes it (scenarios/run.ts): the stored
 * sell sequence, locked assets, scenario changes, expense changes and the Monte Carlo pool apply exactly as on
 * screen. Its 400s name the field under `scenario.`.
 */
async function scenarioOf(
  ctx: ServiceContext,
  hh: HouseholdRow,
  scenario: X.ExportScenario,
): Promise<ScenarioReplyLike> {
  try {
    return (await runStoredScenario(ctx, hh, { household_id: hh.id, ...scenario })) as ScenarioReplyLike;
  } catch (e) {
    if (e instanceof AppError && e.status === 400)
      throw new AppError(400, e.message, {
        ...e.details,
        errors: (e.details.errors ?? []).map((x) =>
          Object.fromEntries(Object.entries(x).map(([k, v]) => [k.startsWith('scenario') ? k : `scenario.${k}`, v])),
        ),
      });
    throw e;
  }
}

const toShared = (r: SharedRow): X.SharedDocument => ({
  id: r.id,
  lead_id: r.household_id,
  report: r.report,
  format: r.format,
  file_name: r.file_name,
  content_type: r.content_type,
  size: Number(r.size),
  note: r.note,
  shared_at: iso(r.shared_at) as string,
  download_path: `customer/${r.household_id}/shared-documents/${r.id}/download`,
});

/** A share needs the customer's e-mail address (400 naming lead_id without one). */
export function assertShareable(hh: HouseholdRow): void {
  if (!hh.email)
    throw new AppError(400, 'Add the customer’s e-mail address before sharing a document', {
      errors: [{ lead_id: ['The customer has no e-mail address'] }],
    });
}

/**
 * Shares a made file with the household's customer: the file is stored, the document listed for them, and they are
 * told by e-mail (a failed e-mail is logged, the share stands).
 */
export async function shareFile(
  ctx: ServiceContext,
  hh: HouseholdRow,
  file: ExportFile,
  body: Pick<X.ExportBody, 'report' | 'format' | 'branding'>,
  note: string | undefined,
): Promise<X.SharedDocument> {
  assertShareable(hh);
  const id = randomUUID();
  const key = `planning/shared-documents/${hh.id}/${id}.${body.format}`;
  await ctx.ports.blobs.put(key, file.body, file.contentType);
  const row = await ctx.tx(async (trx) => {
    const saved = await insertSharedDocument(trx, {
      id,
      household_id: hh.id,
      advisor_id: hh.advisor_id,
      report: body.report,
      format: body.format,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.body.length,
      blob_key: key,
      note: note ?? null,
    });
    await householdChanged(trx, hh, 'shared-documents', 'created');
    return saved;
  });
  await notifyShared(ctx, hh, body, note);
  return toShared(row);
}

/** Makes an export and shares it with the household's customer (POST share-document). */
export async function shareDocument(
  ctx: ServiceContext,
  hh: HouseholdRow,
  body: X.ExportBody,
  note: string | undefined,
): Promise<X.SharedDocument> {
  assertShareable(hh);
  return shareFile(ctx, hh, await makeExport(ctx, hh, body), body, note);
}

/** Tells the household's customer by e-mail that a document was shared (a failed e-mail is logged, the share stands). */
async function notifyShared(
  ctx: ServiceContext,
  hh: HouseholdRow,
  body: Pick<X.ExportBody, 'report' | 'format' | 'branding'>,
  note: string | undefined,
): Promise<void> {
  const from = body.branding?.advisor_name || 'Your advisor';
  try {
    await ctx.ports.mailer.send({
      to: hh.email as string,
      subject: `${from} shared a document with you on Kinfolio`,
      text:
        `Hello ${hh.name},\n\n${from} shared "${REPORT_TITLES[body.report]}" (${body.format.toUpperCase()}) with you.` +
        `${note ? `\n\n${note}` : ''}\n\nYou find it under Shared documents in your dashboard: ` +
        `${ctx.config.PUBLIC_URL}/customer/dashboard\n`,
    });
  } catch (err) {
    ctx.logger.error({ err, householdId: hh.id }, 'could not send the shared-document e-mail');
  }
}

export async function householdSharedDocuments(ctx: ServiceContext, hh: HouseholdRow): Promise<X.SharedDocument[]> {
  return (await sharedDocuments(ctx.db, hh)).map(toShared);
}

/** The stored file of one of the household's shared documents (404 when it or its file is gone). */
export async function sharedDocumentFile(ctx: ServiceContext, hh: HouseholdRow, id: string): Promise<ExportFile> {
  const row = await sharedDocument(ctx.db, hh, id);
  if (!row) throw notFound('No such document');
  const blob = await ctx.ports.blobs.get(row.blob_key);
  if (!blob) throw notFound('No such document');
  return { body: blob.body, contentType: row.content_type, fileName: row.file_name };
}
