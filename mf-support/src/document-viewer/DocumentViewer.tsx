import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { docKind, FileViewer, NO_POWERPOINT, OfficeFrame } from './viewers';

const Bare = styled.main`
  position: fixed;
  inset: 0;
  display: flex;
  align-items: stretch;
  justify-content: center;
  background: #fff;
  & > * { flex: 1; }
  p { padding: 24px; text-align: center; }
`;

function fileName(url: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'Document';
  } catch {
    return last || 'Document';
  }
}

/** mf_support './DocumentViewer', mounted bare at /document-viewer?media={encoded file URL}. */
export default function DocumentViewer() {
  const [params] = useSearchParams();
  const media = params.get('media')?.trim() ?? '';
  const name = fileName(media);
  return (
    <Bare aria-label="Document viewer">
      {!media ? (
        <p>{NO_POWERPOINT}</p>
      ) : docKind(media) === 'office' ? (
        <OfficeFrame url={media} title={name} />
      ) : (
        <FileViewer url={media} title={name} />
      )}
    </Bare>
  );
}
