/** A repository URL as projects list it (`https://github.com/owner/name`, maybe with `.git` or a sub-path) → `owner/name`. */
export function githubRepositoryOf(url: string | null | undefined): string | null {
  const match =
    /^(?:https?:\/\/)?(?:www\.)?github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?(?:[/?#].*)?$/i.exec(
      url?.trim() ?? '',
    );
  if (!match?.[1] || !match[2]) return null;
  return `${match[1]}/${match[2]}`;
}
