import { lowerProcessPriority } from '../domain/calculations/montecarlo.worker';
import { renderDocx } from './docx';
import { renderPdf } from './pdf';
import { renderPptx } from './pptx';
import type { RenderMessage, RenderReply } from './render-process';
import { renderXlsx } from './xlsx';

/**
 * The export process (render-process.ts): writes one file at a time from the report model it is sent and answers
 * with its bytes, or the error's message. It runs below the service's priority, as the scenario processes do.
 */
const RENDERERS = { xlsx: renderXlsx, pptx: renderPptx, docx: renderDocx, pdf: renderPdf } as const;

lowerProcessPriority();
process.on('message', async (m: RenderMessage) => {
  let reply: RenderReply;
  try {
    // a Buffer crosses the channel as a Uint8Array: the photo is a Buffer again for the renderers
    const photo = m.report.branding.photo;
    if (photo) photo.data = Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.byteLength);
    const body = await RENDERERS[m.format](m.report);
    reply = { id: m.id, ok: true, body };
  } catch (e) {
    reply = { id: m.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  process.send?.(reply);
});
// the service went away: so does this process
process.on('disconnect', () => process.exit(0));
