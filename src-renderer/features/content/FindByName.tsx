import { Field } from '../../components/Field';

/**
 * The "Find by name" box: any part of a name content was added by, named or opened by, or the store's name for a
 * pin. What it finds is listed under the toolbar (`/content?find=…`, so a find is a link too).
 */
export function FindByName({ text, onText }: { text: string; onText: (text: string) => void }) {
  return (
    <form className="content-find-form" role="search" aria-label="Find content by name" onSubmit={(event) => event.preventDefault()}>
      <Field label="Find by name">
        {(control) => (
          <input
            {...control}
            type="search"
            className="input"
            value={text}
            maxLength={255}
            placeholder="e.g. report, hello.txt"
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => onText(event.target.value)}
          />
        )}
      </Field>
    </form>
  );
}
