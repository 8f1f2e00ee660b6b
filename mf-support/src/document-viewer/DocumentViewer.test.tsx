/** @jest-environment jsdom */
import { setAuthorizationType } from '@kinfolio/ui-kit';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import DocumentViewer from './DocumentViewer';
import {
  docKind,
  NO_POWERPOINT,
  OfficeFrame,
  PDF_DOWNLOAD,
  PDF_FALLBACK,
  VIEWER_CHECK_INTERVAL_MS,
  VIEWER_MAX_CHECKS,
} from './viewers';

const open = (media?: string) =>
  render(
    <MemoryRouter
      initialEntries={[
        media === undefined ? '/document-viewer' : `/document-viewer?media=${encodeURIComponent(media)}`,
      ]}
    >
      <DocumentViewer />
    </MemoryRouter>,
  );

describe('DocumentViewer', () => {
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, value: undefined });
  });

  it('classifies files', () => {
    expect(docKind('https://x/a.PDF?sig=1')).toBe('pdf');
    expect(docKind('storage/user/documents/u/deck.pptx')).toBe('office');
    expect(docKind('a.xlsx')).toBe('office');
    expect(docKind('a.mp4')).toBe('video');
  });

  it('shows a pdf in a frame when the browser has a PDF viewer', () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, value: true });
    open('https://cdn.example/files/report.pdf');
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://cdn.example/files/report.pdf');
    expect(frame?.getAttribute('title')).toBe('report.pdf');
    expect(screen.queryByText(PDF_FALLBACK, { exact: false })).toBeNull();
  });

  it('reads a stored (same-origin) pdf as a blob and frames the object URL; falls back when it cannot be read', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, value: true });
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, arrayBuffer: async () => new ArrayBuffer(4) }));
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        created.push(b);
        return 'blob:http://localhost/pdf-1';
      },
      revokeObjectURL: jest.fn(),
    });
    const view = open('storage/user/documents/u/report.pdf');
    await act(async () => undefined);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/files/blob/storage/user/documents/u/report.pdf',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(created[0]?.type).toBe('application/pdf');
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('blob:http://localhost/pdf-1');
    view.unmount();
    fetchMock.mockResolvedValueOnce({ ok: false, status: 404, arrayBuffer: async () => new ArrayBuffer(0) });
    open('/api/v1/files/blob/storage/missing.pdf');
    await act(async () => undefined);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: PDF_DOWNLOAD }).getAttribute('href')).toBe(
      '/api/v1/files/blob/storage/missing.pdf',
    );
  });

  it('sends the Authorization-Type header on the blob read of a same-origin pdf, nothing to another origin (S3)', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, value: true });
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, arrayBuffer: async () => new ArrayBuffer(4) }));
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    Object.assign(URL, { createObjectURL: () => 'blob:http://localhost/pdf-2', revokeObjectURL: jest.fn() });
    setAuthorizationType('customer');
    try {
      const local = open('http://localhost/api/v1/files/blob/storage/user/documents/u/plan.pdf');
      await act(async () => undefined);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledWith('http://localhost/api/v1/files/blob/storage/user/documents/u/plan.pdf', {
        credentials: 'same-origin',
        headers: { 'Authorization-Type': 'customer' },
        signal: expect.any(AbortSignal),
      });
      local.unmount();
      open('https://kinfolio-files.s3.ap-southeast-1.amazonaws.com/storage/user/documents/u/plan.pdf');
      await act(async () => undefined);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
        'https://kinfolio-files.s3.ap-southeast-1.amazonaws.com/storage/user/documents/u/plan.pdf',
      );
    } finally {
      setAuthorizationType(null);
    }
  });

  it('shows the fallback text and download link when the browser cannot show PDFs', () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, value: false });
    open('https://cdn.example/files/report.pdf');
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText(PDF_FALLBACK, { exact: false })).toBeTruthy();
    expect(PDF_FALLBACK).toBe('Your browser does not support PDFs.');
    const link = screen.getByRole('link', { name: PDF_DOWNLOAD });
    expect(PDF_DOWNLOAD).toBe('Download the PDF');
    expect(link.getAttribute('href')).toBe('https://cdn.example/files/report.pdf');
  });

  it('shows a pptx through the embedded office viewer after the switch delay', () => {
    jest.useFakeTimers();
    open('https://cdn.example/files/deck.pptx');
    expect(document.querySelector('iframe')).toBeNull();
    act(() => jest.advanceTimersByTime(500));
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
      `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent('https://cdn.example/files/deck.pptx')}`,
    );
  });

  it("reads 'No PowerPoint file provided.' without a link", () => {
    open();
    expect(screen.getByText(NO_POWERPOINT)).toBeTruthy();
    expect(NO_POWERPOINT).toBe('No PowerPoint file provided.');
    const { container } = render(<OfficeFrame url="" title="x" />);
    expect(container.textContent).toBe(NO_POWERPOINT);
  });

  it('makes relative stored keys absolute for the office viewer', () => {
    jest.useFakeTimers();
    open('storage/user/documents/u/deck.pptx');
    act(() => jest.advanceTimersByTime(500));
    const src = document.querySelector('iframe')?.getAttribute('src') ?? '';
    expect(decodeURIComponent(src.split('src=')[1] ?? '')).toBe(
      'http://localhost/api/v1/files/blob/storage/user/documents/u/deck.pptx',
    );
  });

  it('reloads a frame that never loads every 3000 ms, at most 5 times', () => {
    jest.useFakeTimers();
    render(<OfficeFrame url="https://cdn.example/d.pptx" title="d" />);
    act(() => jest.advanceTimersByTime(500));
    const frames = new Set<Element>();
    for (let i = 0; i <= VIEWER_MAX_CHECKS + 2; i++) {
      const f = document.querySelector('iframe');
      if (f) frames.add(f);
      act(() => jest.advanceTimersByTime(VIEWER_CHECK_INTERVAL_MS));
    }
    expect(frames.size).toBe(VIEWER_MAX_CHECKS + 1);
  });
});
