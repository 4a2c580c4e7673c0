import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { constraintViolation } from "./constraints.ts";

function sqliteError(statement: string): unknown {
  const db = new DatabaseSync(":memory:");
  db.exec(`PRAGMA foreign_keys = ON;
    CREATE TABLE parent (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, weight INTEGER CHECK (weight >= 1));
    CREATE TABLE child (parent_id TEXT REFERENCES parent(id));
    INSERT INTO parent VALUES ('p1', 'taken', 1);`);
  try {
    db.exec(statement);
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error("statement did not fail");
}

describe("constraintViolation", () => {
  it("reads SQLite's unique, foreign-key, check and not-null failures", () => {
    expect(constraintViolation(sqliteError(`INSERT INTO parent VALUES ('p2', 'taken', 1)`))).toEqual({ kind: "unique", column: "name" });
    expect(constraintViolation(sqliteError(`INSERT INTO child VALUES ('nope')`))).toEqual({ kind: "reference" });
    expect(constraintViolation(sqliteError(`INSERT INTO parent VALUES ('p3', 'x', 0)`))).toEqual({ kind: "check", column: "weight" });
    expect(constraintViolation(sqliteError(`INSERT INTO parent VALUES ('p4', NULL, 1)`))).toEqual({ kind: "not_null", column: "name" });
  });

  it("reads PostgreSQL's error codes and the column from the detail", () => {
    const duplicate = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505", detail: "Key (name)=(taken) already exists." });
    expect(constraintViolation(duplicate)).toEqual({ kind: "unique", column: "name" });
    expect(constraintViolation(Object.assign(new Error("fk"), { code: "23503", detail: 'Key (group_id)=() is not present in table "model_groups".' }))).toEqual({
      kind: "reference",
      column: "group_id",
    });
  });

  it("leaves every other error alone", () => {
    expect(constraintViolation(new Error("boom"))).toBeUndefined();
    expect(constraintViolation(sqliteError(`SELECT * FROM missing`))).toBeUndefined();
    expect(constraintViolation(undefined)).toBeUndefined();
  });
});
