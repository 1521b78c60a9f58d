import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { migrate, userVersion } from './migrate';

const steps = [
  { name: 'first', sql: 'CREATE TABLE a (x INTEGER) STRICT;' },
  { name: 'second', sql: 'CREATE TABLE b (x INTEGER) STRICT; INSERT INTO a VALUES (1); CREATE TABLE broken (' },
];

describe('migrate', () => {
  it('applies steps in order and records the version', () => {
    const db = new Database(':memory:');
    expect(migrate(db, ':memory:', steps.slice(0, 1))).toBe(1);
    expect(userVersion(db)).toBe(1);
    expect(migrate(db, ':memory:', steps.slice(0, 1))).toBe(1);
  });

  it('rolls a failing step back entirely, leaving the previous version', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, ':memory:', steps)).toThrow(/^Updating the data file failed at step 2 \(second\)/);
    expect(userVersion(db)).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(['a']);
    expect(db.prepare('SELECT count(*) FROM a').pluck().all()).toEqual([0]);
    expect(db.inTransaction).toBe(false);
  });
});
