/** Zod schemas of the GitHub REST answers read (docs.github.com/rest), lenient on unused fields. */
import { z } from 'zod';

/** `GET /repos/{owner}/{repo}`. */
export const repositorySchema = z.looseObject({
  full_name: z.string(),
  stargazers_count: z.number(),
  forks_count: z.number(),
});

/** `GET /repos/{owner}/{repo}/stats/commit_activity`: 52 weeks, oldest first; 202 with no body while GitHub computes it. */
export const commitActivitySchema = z
  .array(z.looseObject({ total: z.number(), week: z.number() }))
  .nullable()
  .or(z.looseObject({}).transform(() => null));

/** `GET /search/issues`. */
export const searchCountSchema = z.looseObject({ total_count: z.number() });

/** `GET /repos/{owner}/{repo}/contributors`. */
export const contributorsSchema = z.array(z.looseObject({})).nullable();
