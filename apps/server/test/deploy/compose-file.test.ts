import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { readBlockYaml, type YamlMapping, type YamlValue } from './block-yaml.js';

// Docker Compose is not installed everywhere the tests run, so the deployment's rules are checked on the parsed file.
const root = new URL('../../../../', import.meta.url);
const composeText = readFileSync(new URL('deploy/compose.yaml', root), 'utf8');
/** The file without its comment lines, for the checks that read variable references in the text. */
const composeCode = composeText
  .split('\n')
  .filter((line) => !line.trimStart().startsWith('#'))
  .join('\n');
const exampleEnv = readFileSync(new URL('deploy/example.env', root), 'utf8');
const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');

function mapping(value: YamlValue | undefined, what: string): YamlMapping {
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`${what} is not a mapping`);
  return value;
}
function list(value: YamlValue | undefined): YamlValue[] {
  return Array.isArray(value) ? value : [];
}
function scalar(value: YamlValue | undefined, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a scalar`);
  return value;
}

const compose = mapping(readBlockYaml(composeText), 'the compose file');
const services = mapping(compose.services, 'services');
const serviceNames = Object.keys(services);
const service = (name: string) => mapping(services[name], name);
const environmentOf = (name: string) => mapping(service(name).environment, `${name}'s environment`);

/** Names of variables that hold a password, a secret or a credential. */
const SECRET_NAME = /PASSWORD|SECRET|ACCESS_KEY|ROOT_USER/;
/**
 * An exact release, a digest optionally after it: x.y.z with an optional variant (node:20.20.2-bookworm-slim),
 * PostgreSQL's major.minor (exact since PostgreSQL 10), or MinIO's RELEASE.<timestamp>.
 */
const PINNED_IMAGE =
  /^([a-z0-9./-]+:\d+\.\d+\.\d+(-[a-z0-9.-]+)?|postgres:\d+\.\d+|[a-z0-9./-]+:RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)(@sha256:[0-9a-f]{64})?$/;

describe('deploy/compose.yaml', () => {
  it('parses, with the services the deployment guide describes', () => {
    expect(serviceNames).toEqual(
      expect.arrayContaining(['server-1', 'server-2', 'load-balancer', 'postgres', 'redis', 'minio']),
    );
  });

  it('gives no secret a default: an unset or empty one stops compose with a message', () => {
    const references = [...composeCode.matchAll(/\$\{([A-Z0-9_]+)([^}]*)\}/g)];
    const secrets = references.filter(([, name = '']) => SECRET_NAME.test(name));
    expect(secrets.map(([, name]) => name)).toEqual(
      expect.arrayContaining([
        'POSTGRES_PASSWORD',
        'MINIO_ROOT_USER',
        'MINIO_ROOT_PASSWORD',
        'APP_SECRET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ]),
    );
    for (const [reference, , form = ''] of secrets) expect(form, reference).toMatch(/^:\?\S/);
    // Nothing fills a secret in some other way (a literal value in an environment block).
    for (const name of serviceNames)
      for (const [key, value] of Object.entries(mapping(service(name).environment ?? {}, name)))
        if (SECRET_NAME.test(key)) expect(scalar(value, key), `${name} ${key}`).toMatch(/\$\{[A-Z0-9_]+:\?/);
  });

  it('lists every required variable in the example env file, secrets left blank for the operator', () => {
    const required = new Set([...composeCode.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map(([, name]) => name));
    const example = new Map(
      exampleEnv
        .split('\n')
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
    );
    for (const name of required) {
      expect(example.has(name ?? ''), `${name} in example.env`).toBe(true);
      if (/PASSWORD|SECRET/.test(name ?? '')) expect(example.get(name ?? ''), name).toBe('');
    }
  });

  it('pins every image to an exact release, never a moving tag', () => {
    for (const name of serviceNames) {
      const { image, build } = service(name);
      if (build !== undefined) continue; // built from this repository (the Dockerfile's base is checked below)
      expect(scalar(image, `${name}'s image`), name).toMatch(PINNED_IMAGE);
    }
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map(([, base = '']) => base);
    const external = bases.filter((base) => base.includes(':'));
    expect(external.length).toBeGreaterThan(0);
    for (const base of external) expect(base).toMatch(PINNED_IMAGE);
  });

  it('runs every container read-only, without capabilities and without privilege gain', () => {
    for (const name of serviceNames) {
      const definition = service(name);
      expect(definition.read_only, name).toBe('true');
      expect(list(definition.cap_drop), name).toContain('ALL');
      expect(list(definition.cap_add), name).toEqual([]);
      expect(list(definition.security_opt), name).toContain('no-new-privileges:true');
      expect(definition.privileged, name).toBeUndefined();
    }
  });

  it("gives the instances a bucket-scoped object-store user, not MinIO's root credentials", () => {
    const root = environmentOf('minio');
    for (const name of ['server-1', 'server-2']) {
      const environment = environmentOf(name);
      expect(environment.S3_ACCESS_KEY_ID, name).not.toBe(root.MINIO_ROOT_USER);
      expect(environment.S3_SECRET_ACCESS_KEY, name).not.toBe(root.MINIO_ROOT_PASSWORD);
      expect(JSON.stringify(environment), name).not.toContain('MINIO_ROOT');
      expect(mapping(service(name).depends_on, name)).toHaveProperty('minio-setup');
    }
    const setup = service('minio-setup');
    const script = list(setup.entrypoint)
      .map((line) => scalar(line, 'entrypoint'))
      .join('\n');
    expect(script).toContain('mc admin user add store "$$S3_ACCESS_KEY_ID" "$$S3_SECRET_ACCESS_KEY"');
    expect(script).toContain('mc admin policy attach store coinlens-uploads --user "$$S3_ACCESS_KEY_ID"');
    // The policy names the uploads bucket's objects and only the three calls the server makes.
    const actions = [...script.matchAll(/"(s3:[A-Za-z*]+)"/g)].map(([, action]) => action);
    expect(actions.sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    const resources = [...script.matchAll(/"(arn:aws:s3:::[^"]*)"/g)].map(([, resource]) => resource);
    expect(resources).toEqual(['arn:aws:s3:::$$S3_BUCKET/*']);
  });
});
