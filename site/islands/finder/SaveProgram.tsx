import { rememberReturnPath } from '#site/lib/session.ts';
import { SaveButton, useSaved } from './SaveButton.tsx';
import { pagePaths } from '#schemas/paths.ts';

/** The subject page's save control: where the list is kept, and any error. */
export default function SaveProgram({ id, name }: { id: string; name: string }) {
  const { error, student, ready } = useSaved();
  return (
    <div className="save-program">
      <SaveButton id={id} name={name} />
      <p className="small muted">
        {/* The visitor's line is the server's too (most readers): nothing moves when the island starts. */}
        {ready && student ? (
          <a href={`${pagePaths.studentDashboard}#saved-programs`}>Your saved programs</a>
        ) : (
          <>
            Saved programs stay in this browser.{' '}
            <a href={pagePaths.login} onClick={() => rememberReturnPath()}>
              Sign in
            </a>{' '}
            to keep them.
          </>
        )}
      </p>
      <p className="save-program__error" role="status">
        {error}
      </p>
    </div>
  );
}
