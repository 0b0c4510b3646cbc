import type { CodeHost } from './code-host.ts';
import { MISSING, readPath } from './payload-path.ts';

/** An issue, pull request or merge request a comment can be posted on. */
export type CodeHostThread =
  { host: 'github'; repo: string; number: number } | { host: 'gitlab'; project: string; kind: 'issues' | 'merge_requests'; iid: number };

const positiveInteger = (value: unknown): number | null => {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

const at = (payload: unknown, path: string): unknown => {
  const value = readPath(payload, path);

  return value === MISSING ? undefined : value;
};

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * The path goes into an API URL, so `.` and `..` segments (which the URL parser would resolve,
 * leaving the repository) are refused along with any character outside repository names.
 */
const isSafePath = (path: string, segmentCount: number | 'any'): boolean => {
  const segments = path.split('/');
  if (segmentCount !== 'any' && segments.length !== segmentCount) {
    return false;
  }

  return segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
};

/** A GitLab project is a numeric id or a namespace path. */
const isSafeProject = (project: string): boolean => /^\d+$/.test(project) || isSafePath(project, 'any');

/** The issue or pull request a GitHub event is about (issue and PR comments share one API). */
export const githubThreadOf = (payload: unknown): CodeHostThread | null => {
  const repo = text(at(payload, 'repository.full_name'));
  const number =
    positiveInteger(at(payload, 'issue.number')) ??
    positiveInteger(at(payload, 'pull_request.number')) ??
    positiveInteger(at(payload, 'number'));

  return repo !== null && number !== null && isSafePath(repo, 2) ? { host: 'github', repo, number } : null;
};

/** The issue or merge request a GitLab event is about, notes included. */
export const gitlabThreadOf = (payload: unknown): CodeHostThread | null => {
  const project = text(at(payload, 'project.id')) ?? text(at(payload, 'project.path_with_namespace'));
  if (project === null || !isSafeProject(project)) {
    return null;
  }
  const kind = at(payload, 'object_kind');
  if (kind === 'merge_request' || kind === 'issue') {
    const iid = positiveInteger(at(payload, 'object_attributes.iid'));

    return iid === null ? null : { host: 'gitlab', project, kind: kind === 'issue' ? 'issues' : 'merge_requests', iid };
  }
  if (kind === 'note') {
    const noteable = at(payload, 'object_attributes.noteable_type');
    if (noteable === 'MergeRequest') {
      const iid = positiveInteger(at(payload, 'merge_request.iid'));

      return iid === null ? null : { host: 'gitlab', project, kind: 'merge_requests', iid };
    }
    if (noteable === 'Issue') {
      const iid = positiveInteger(at(payload, 'issue.iid'));

      return iid === null ? null : { host: 'gitlab', project, kind: 'issues', iid };
    }
  }

  return null;
};

/**
 * Where `origin` answers: the code host that sent the event (by its header) decides; without a
 * code-host header the payload's shape does.
 */
export const originThreadOf = (payload: unknown, source: CodeHost | null): CodeHostThread | null => {
  if (source === 'github') {
    return githubThreadOf(payload);
  }
  if (source === 'gitlab') {
    return gitlabThreadOf(payload);
  }

  return gitlabThreadOf(payload) ?? githubThreadOf(payload);
};

/**
 * An explicit thread from `--deliver-chat-id` (after template rendering): `owner/repo#12` on GitHub;
 * `group/project#12` (issue) or `group/project!12` (merge request) on GitLab.
 */
export const parseThreadReference = (host: CodeHost, reference: string): CodeHostThread | null => {
  const match = /^(.+?)([#!])(\d+)$/.exec(reference.trim());
  if (match === null) {
    return null;
  }
  const [, path = '', mark, digits = ''] = match;
  const number = Number(digits);
  if (number <= 0) {
    return null;
  }
  if (host === 'github') {
    return mark === '#' && isSafePath(path, 2) ? { host, repo: path, number } : null;
  }
  if (!isSafeProject(path)) {
    return null;
  }

  return { host, project: path, kind: mark === '!' ? 'merge_requests' : 'issues', iid: number };
};
