import { LoadingState } from '../../components/LoadingState';
import { lazyScreen, ScreenFallback } from '../../lib/lazyScreen';
import { useSelectedNetwork } from '../../hooks/useSelectedNetwork';
import { loadContentPage } from './contentModule';

// The browser, its previews (Markdown, JSON, hex) and its upload code load when the screen is first opened.
const ContentPage = lazyScreen(loadContentPage, (module) => module.ContentPage);

/** The content browser (`/content`, `/content/<cid>/<path>`): inspect a CID, browse folders, preview, add and save files. */
export function ContentScreen({ cid, path }: { cid?: string; path?: string }) {
  const network = useSelectedNetwork();
  if (!network) return <LoadingState label="Loading networks…" />;
  return (
    <ScreenFallback fallback={<LoadingState screen label="Opening the content browser…" />}>
      <ContentPage key={network.id} network={network} cid={cid} path={path} />
    </ScreenFallback>
  );
}
