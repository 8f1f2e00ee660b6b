import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { exportsContract as X } from '@kinfolio/contracts';
import type { Report } from './report';

/**
 * The export files are written in a process of their own (render.worker.ts), never on the service's event loop:
 * pdfkit, docx, pptxgenjs and exceljs work in long synchronous stretches, and a 30-page plan held the loop past the
 * gateway's 1 s health check, so other calls got 503s while it was written (issue 35, bench:exports). One process,
 * one file at a time (the machine's other core serves the calls); it is started at the first export, started again
 * when it stops, and niced below the service as the scenario processes are (docs/decisions/client-plan.md).
 */
export interface RenderMessage {
  id: number;
  format: X.ExportFormat;
  report: Report;
}
export type RenderReply = { id: number; ok: true; body: Uint8Array } | { id: number; ok: false; message: string };

interface Job {
  message: RenderMessage;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}

class RenderProcess {
  private child: ChildProcess | null = null;
  private queue: Job[] = [];
  private current: Job | null = null;
  private next = 1;

  render(format: X.ExportFormat, report: Report): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ message: { id: this.next++, format, report }, resolve, reject });
      this.pump();
    });
  }

  private spawn(): ChildProcess {
    const ts = __filename.endsWith('.ts');
    const p = fork(join(__dirname, ts ? 'render.worker.ts' : 'render.worker.js'), [], {
      execArgv: ts ? ['--import', 'tsx'] : [],
      serialization: 'advanced',
      env: { ...process.env, KF_RENDER_PROCESS: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    p.on('message', (r: RenderReply) => {
      const job = this.current;
      if (!job || job.message.id !== r.id) return;
      this.current = null;
      if (r.ok) job.resolve(Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength));
      else job.reject(new Error(r.message));
      this.pump();
    });
    const lost = (why: string) => {
      if (this.child !== p) return;
      this.child = null;
      const job = this.current;
      this.current = null;
      job?.reject(new Error(`The export process stopped (${why})`));
      this.pump();
    };
    p.on('error', (e) => lost(e.message));
    p.on('exit', (code, signal) => lost(String(signal ?? code)));
    return p;
  }

  private pump(): void {
    if (this.current || !this.queue.length) {
      this.idle();
      return;
    }
    this.child ??= this.spawn();
    this.child.ref();
    this.current = this.queue.shift() as Job;
    this.child.send(this.current.message);
  }

  /** An idle process keeps no event loop alive (a test or a stopping service exits without waiting for it). */
  private idle(): void {
    if (!this.current && this.child) this.child.unref();
  }

  async close(): Promise<void> {
    const p = this.child;
    this.child = null;
    for (const job of [...(this.current ? [this.current] : []), ...this.queue])
      job.reject(new Error('The export process closed'));
    this.current = null;
    this.queue = [];
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    await new Promise<void>((done) => {
      p.once('exit', () => done());
      p.kill();
    });
  }
}

let shared: RenderProcess | null = null;

/** Writes the report as a file of `format` in the export process. */
export function renderInProcess(format: X.ExportFormat, report: Report): Promise<Buffer> {
  shared ??= new RenderProcess();
  return shared.render(format, report);
}

/** Ends the export process (the service's stop; tests). */
export async function closeRenderProcess(): Promise<void> {
  await shared?.close();
  shared = null;
}
