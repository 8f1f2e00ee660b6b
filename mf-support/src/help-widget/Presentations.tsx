import { mediaUrl, PlainButton } from '@kinfolio/support-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { FileViewer } from '../document-viewer/viewers';

export interface PresentationFolder {
  id: string;
  folder_name: string;
  files: Array<{ name: string; url: string }>;
}

/** Spec §9: presentation viewer 70vh by 68vw. */
export const VIEWER_HEIGHT = '70vh';
export const VIEWER_WIDTH = '68vw';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(15, 23, 30, 0.55);
  display: flex;
  align-items: center;
  justify-content: center;
  z-index: 2147483001;
`;
const Dialog = styled.div`
  background: #fff;
  border-radius: 10px;
  padding: 12px;
  max-width: 96vw;
  header { display: flex; justify-content: space-between; align-items: center; gap: 12px; margin-bottom: 8px; }
  h3 { margin: 0; font-size: 16px; }
`;
const Ul = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  button { width: 100%; text-align: left; background: transparent; border: 0; padding: 8px 4px; font: inherit; cursor: pointer; }
  button:hover, button:focus-visible { background: #eef7f7; }
`;

function ViewerDialog({ file, onClose }: { file: { name: string; url: string }; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <Overlay onClick={(e) => e.target === e.currentTarget && onClose()}>
      <Dialog role="dialog" aria-modal="true" aria-label={file.name}>
        <header>
          <h3>{file.name}</h3>
          <span>
            <a
              href={`/document-viewer?media=${encodeURIComponent(mediaUrl(file.url))}`}
              target="_blank"
              rel="noreferrer"
            >
              Open in new tab
            </a>{' '}
            <PlainButton ref={closeRef} type="button" onClick={onClose}>
              Close
            </PlainButton>
          </span>
        </header>
        <div style={{ width: VIEWER_WIDTH, height: VIEWER_HEIGHT }}>
          <FileViewer url={file.url} title={file.name} width={VIEWER_WIDTH} height={VIEWER_HEIGHT} />
        </div>
      </Dialog>
    </Overlay>
  );
}

/** Presentation tab: folders, then their files; a file opens in the viewer (pdf frame, office viewer). */
export function Presentations({ folders }: { folders: PresentationFolder[] }) {
  const [folderId, setFolderId] = useState<string | null>(null);
  const [file, setFile] = useState<{ name: string; url: string } | null>(null);
  const folder = folders.find((f) => f.id === folderId) ?? null;
  const closeViewer = useCallback(() => setFile(null), []);
  return (
    <div>
      {folder ? (
        <>
          <PlainButton type="button" onClick={() => setFolderId(null)}>
            ← Folders
          </PlainButton>
          <h4>{folder.folder_name}</h4>
          <Ul aria-label={`Files in ${folder.folder_name}`}>
            {folder.files.map((f) => (
              <li key={`${f.url}-${f.name}`}>
                <button type="button" onClick={() => setFile(f)}>
                  {f.name}
                </button>
              </li>
            ))}
          </Ul>
        </>
      ) : (
        <Ul aria-label="Folders">
          {folders.map((f) => (
            <li key={f.id}>
              <button type="button" onClick={() => setFolderId(f.id)}>
                📁 {f.folder_name} ({f.files.length})
              </button>
            </li>
          ))}
        </Ul>
      )}
      {file && <ViewerDialog file={file} onClose={closeViewer} />}
    </div>
  );
}
