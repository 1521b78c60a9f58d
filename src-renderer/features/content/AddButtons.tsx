import { useRef } from 'react';
import { itemsFromFileList, type PickedItem } from './collectFiles';

/** Add files, add a folder, import a CAR file: hidden file inputs behind buttons. */
export function AddButtons({ onPick }: { onPick: (items: PickedItem[], kind: 'files' | 'car') => void }) {
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const car = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement, kind: 'files' | 'car') => {
    if (input.files && input.files.length > 0) onPick(itemsFromFileList(input.files), kind);
    input.value = '';
  };
  return (
    <div className="content-add" role="group" aria-label="Add to the content store">
      <button type="button" className="btn" onClick={() => files.current?.click()}>
        Add files
      </button>
      <button type="button" className="btn" onClick={() => folder.current?.click()}>
        Add folder
      </button>
      <button type="button" className="btn" onClick={() => car.current?.click()}>
        Import CAR
      </button>
      <input ref={files} type="file" multiple hidden aria-label="Files to add" data-testid="content-add-files" onChange={(event) => take(event.currentTarget, 'files')} />
      <input
        ref={folder}
        type="file"
        hidden
        aria-label="Folder to add"
        data-testid="content-add-folder"
        {...({ webkitdirectory: '', directory: '' } as Record<string, string>)}
        onChange={(event) => take(event.currentTarget, 'files')}
      />
      <input ref={car} type="file" accept=".car,application/vnd.ipld.car" hidden aria-label="CAR file to import" data-testid="content-import-car" onChange={(event) => take(event.currentTarget, 'car')} />
    </div>
  );
}
