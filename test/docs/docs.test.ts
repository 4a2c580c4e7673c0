// The docs do not rot (issue 46). Three checks, each failing with the list of what is wrong:
//
// 1. Every relative link in README.md and docs/**/*.md reaches a file or directory of the
//    repository, and every `#anchor` a heading of the Markdown file it names, by GitHub's slug rules.
// 2. docs/environment.md and the server agree: every variable the server's code reads is on the
//    page, and every variable the page names is read — by the server, or, in a table with a
//    "Read by" column, by the library or test directory that column names.
// 3. README.md stays the front door: at most 220 lines, with the test command `.ci/run` runs.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { envProviders } from "../../server/env-channels.ts";

const root = resolve(import.meta.dirname, "../..");
const rel = (path: string) => relative(root, path);

/** Files under `dir` (recursively) that `keep` accepts; dot directories are skipped, and node_modules unless `dir` is inside it. */
function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith(".") || (entry.name === "node_modules" && !dir.includes("node_modules"))) continue;
      out.push(...filesUnder(path, keep));
    } else if (keep(path)) out.push(path);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 1. Links and anchors

const markdownFiles = [join(root, "README.md"), ...filesUnder(join(root, "docs"), (path) => path.endsWith(".md"))];

/** GitHub's heading ids (github-slugger): the heading's text, lower-cased, without punctuation but `-` and `_`, spaces as `-`. */
function slug(heading: string): string {
  const text = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1") // an image: its alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // a link: its text
    .replace(/<[^>]+>/g, ""); // HTML tags
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "").replace(/ /g, "-");
}

type Markdown = { anchors: Set<string>; links: { target: string; line: number }[] };

/** Headings (with GitHub's `-1`, `-2` for repeats) and link targets, outside fenced code and code spans. */
function readMarkdown(text: string): Markdown {
  const lines = text.split("\n");
  let fence: string | undefined;
  const prose = lines.map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length && line.trim() === opening[1]) fence = undefined;
      return "";
    }
    if (opening) {
      fence = opening[1];
      return "";
    }
    return line;
  });
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id);
  }
  // Code spans may run over a line break (not over a blank line); blank them, keeping line numbers.
  const body = prose.join("\n").replace(/(`+)(?!`)((?:(?!\n\s*\n)[\s\S])*?[^`])\1(?!`)/g, (span) => span.replace(/[^\n]/g, " "));
  const links: Markdown["links"] = [];
  const lineOf = (index: number) => body.slice(0, index).split("\n").length;
  for (const match of body.matchAll(/\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^()\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ target: match[1], line: lineOf(match.index) });
  }
  for (const match of body.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) links.push({ target: match[1], line: lineOf(match.index) });
  return { anchors, links };
}

const parsed = new Map<string, Markdown>();
const markdownOf = (path: string) => {
  if (!parsed.has(path)) parsed.set(path, readMarkdown(readFileSync(path, "utf8")));
  return parsed.get(path)!;
};

describe("links in README.md and docs/", () => {
  it("every relative link reaches a file, and every #anchor a heading of it", () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const { target, line } of markdownOf(file).links) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // http:, mailto:, …
        const hash = target.indexOf("#");
        const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
        const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
        const where = `${rel(file)}:${line} → ${target}`;
        const resolved = pathPart === "" ? file : pathPart.startsWith("/") ? join(root, pathPart) : resolve(dirname(file), pathPart);
        if (relative(root, resolved).startsWith("..")) {
          broken.push(`${where}: leaves the repository`);
          continue;
        }
        if (!existsSync(resolved)) {
          broken.push(`${where}: no such file (${rel(resolved)})`);
          continue;
        }
        if (anchor === undefined || anchor === "" || !resolved.endsWith(".md") || statSync(resolved).isDirectory()) continue;
        if (!markdownOf(resolved).anchors.has(anchor)) {
          const near = [...markdownOf(resolved).anchors].filter((a) => a.includes(anchor.split("-")[0] ?? "")).slice(0, 5);
          broken.push(`${where}: ${rel(resolved)} has no heading #${anchor}${near.length ? ` (it has ${near.map((a) => `#${a}`).join(", ")})` : ""}`);
        }
      }
    }
    expect(broken, `Broken links:\n${broken.join("\n")}`).toEqual([]);
  });

  it("slugs headings as GitHub does", () => {
    expect(slug("Typed client: `@tollgate/client`")).toBe("typed-client-tollgateclient");
    expect(slug("Behind a proxy, and TLS")).toBe("behind-a-proxy-and-tls");
    expect(slug("The Responses API's WebSocket mode")).toBe("the-responses-apis-websocket-mode");
    expect(slug("Install (without a container)")).toBe("install-without-a-container");
    expect(slug("AWS Bedrock (`bedrock`)")).toBe("aws-bedrock-bedrock");
    expect(slug("Cloud channels: AWS Bedrock, Google Vertex AI, Azure OpenAI")).toBe("cloud-channels-aws-bedrock-google-vertex-ai-azure-openai");
    expect(slug("Lossless where the formats allow, loud where they do not")).toBe("lossless-where-the-formats-allow-loud-where-they-do-not");
    expect(readMarkdown("# A\n\n## A\n\n```sh\n# not a heading\n```\n").anchors).toEqual(new Set(["a", "a-1"]));
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Environment variables: what the server reads, and what docs/environment.md says
//
// How the server's reads are found. Every file of server/ but tests is parsed with the TypeScript
// compiler (so comments and strings that merely mention a name do not count), and a read is any
// of these, where the environment object is `process.env`, a variable or parameter named `env`, or
// a property named `env` (`config.env`):
//   env.NAME and env?.NAME                                    → NAME
//   env["NAME"]                                               → NAME
//   env[`TOLLGATE_${provider.env}_API_KEY`]                   → TOLLGATE_<…>_API_KEY, a pattern
//   env[name], where `const name = "NAME"` is in the file     → NAME
//   env[name], where `name` is a parameter of a function      → the string passed for it at each of
//     that function's calls in the file (followed through callers that pass their own parameter on)
//   const { NAME } = env                                      → NAME
// Only upper-case names count (`provider.env.toLowerCase()` is no read). So that nothing slips past
// these shapes, the scan also fails on what it cannot follow: an env[…] it cannot resolve, a
// parameter typed NodeJS.ProcessEnv under another name than `env`, and `process.env` stored under
// another name. Teach the scan a new shape rather than working around it.

type Reads = { names: Map<string, string[]>; unfollowed: string[] };

const envName = /^[A-Z][A-Z0-9_]*$/;

function scanServerReads(): Reads {
  const names = new Map<string, string[]>();
  const unfollowed: string[] = [];
  const files = filesUnder(join(root, "server"), (path) => path.endsWith(".ts") && !path.endsWith(".test.ts"));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const at = (node: ts.Node) => `${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const read = (name: string, node: ts.Node) => {
      if (!envName.test(name) && !/^[A-Z][A-Z0-9_]*(<…>[A-Z0-9_]*)+$/.test(name)) return;
      names.set(name, [...(names.get(name) ?? []), at(node)]);
    };
    const isEnv = (node: ts.Expression): boolean =>
      (ts.isIdentifier(node) && node.text === "env") || (ts.isPropertyAccessExpression(node) && node.name.text === "env");
    const constants = new Map<string, string>();
    const calls: ts.CallExpression[] = [];
    const collect = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isStringLiteralLike(node.initializer)) {
        constants.set(node.name.text, node.initializer.text);
      }
      if (ts.isCallExpression(node)) calls.push(node);
      ts.forEachChild(node, collect);
    };
    collect(source);

    /** The names a parameter stands for: the strings its function's calls in this file pass for it. */
    const viaParameter = (parameter: ts.ParameterDeclaration, site: ts.Node, depth = 0): boolean => {
      const fn = parameter.parent;
      const index = fn.parameters.indexOf(parameter);
      const fnName =
        ts.isFunctionDeclaration(fn) && fn.name
          ? fn.name.text
          : ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
            ? fn.parent.name.text
            : undefined;
      if (fnName === undefined || depth > 5) return false;
      const sites = calls.filter((call) => ts.isIdentifier(call.expression) && call.expression.text === fnName);
      if (sites.length === 0) return false;
      return sites.every((call) => {
        const argument = call.arguments[index];
        if (argument && ts.isStringLiteralLike(argument)) {
          read(argument.text, argument);
          return true;
        }
        const forwarded = argument && ts.isIdentifier(argument) ? parameterNamed(argument) : undefined;
        return forwarded !== undefined && viaParameter(forwarded, site, depth + 1);
      });
    };
    /** The parameter an identifier refers to, if it is one of an enclosing function's. */
    const parameterNamed = (identifier: ts.Identifier): ts.ParameterDeclaration | undefined => {
      for (let node: ts.Node | undefined = identifier.parent; node; node = node.parent) {
        if (ts.isFunctionLike(node)) {
          const parameter = node.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === identifier.text);
          if (parameter) return parameter;
        }
      }
      return undefined;
    };

    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node) && isEnv(node.expression)) read(node.name.text, node);
      if (ts.isElementAccessExpression(node) && isEnv(node.expression)) {
        const argument = node.argumentExpression;
        if (ts.isStringLiteralLike(argument)) read(argument.text, node);
        else if (ts.isTemplateExpression(argument)) read(argument.head.text + argument.templateSpans.map((span) => `<…>${span.literal.text}`).join(""), node);
        else if (ts.isIdentifier(argument) && constants.has(argument.text)) read(constants.get(argument.text)!, node);
        else {
          const parameter = ts.isIdentifier(argument) ? parameterNamed(argument) : undefined;
          if (!parameter || !viaParameter(parameter, node)) unfollowed.push(`${at(node)}: ${node.getText(source)} (which variable is that?)`);
        }
      }
      if (ts.isVariableDeclaration(node) && node.initializer && isEnv(node.initializer)) {
        if (ts.isObjectBindingPattern(node.name)) {
          for (const element of node.name.elements) read((element.propertyName ?? element.name).getText(source), element);
        } else if (!(ts.isIdentifier(node.name) && node.name.text === "env")) {
          unfollowed.push(`${at(node)}: the environment stored as ${node.name.getText(source)} (name it env)`);
        }
      }
      if (ts.isParameter(node) && node.type?.getText(source) === "NodeJS.ProcessEnv" && node.name.getText(source) !== "env") {
        unfollowed.push(`${at(node)}: an environment parameter named ${node.name.getText(source)} (name it env)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { names, unfollowed };
}

type Documented = { name: string; line: number; readBy?: string[] };

/** Names in the first column of docs/environment.md's tables, with the paths of the "Read by" column where the table has one. */
function documentedVariables(text: string): Documented[] {
  const cells = (row: string) => {
    const out: string[] = [];
    let cell = "";
    let code = false;
    for (const char of row.trim().replace(/^\||\|$/g, "")) {
      if (char === "`") code = !code;
      if (char === "|" && !code) {
        out.push(cell.trim());
        cell = "";
      } else cell += char;
    }
    return [...out, cell.trim()];
  };
  const lines = text.split("\n");
  const out: Documented[] = [];
  let readByColumn = -1;
  lines.forEach((line, i) => {
    if (!line.startsWith("|")) return;
    if (/^\|[\s|:-]+\|$/.test(line.trim())) return; // the delimiter row
    if (lines[i + 1]?.trim().match(/^\|[\s|:-]+\|$/)) {
      readByColumn = cells(line).findIndex((cell) => cell.toLowerCase() === "read by"); // a header row
      return;
    }
    const row = cells(line);
    const readBy = readByColumn === -1 ? undefined : [...(row[readByColumn] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    for (const [, name] of row[0].matchAll(/`([^`]+)`/g)) {
      if (/^[A-Z][A-Z0-9_]*(<[A-Z]+>[A-Z0-9_]*)*$/.test(name)) out.push({ name: name.replace(/<[A-Z]+>/g, "<…>"), line: i + 1, readBy });
    }
  });
  return out;
}

const sourceLike = (path: string) => /\.(c|m)?[jt]s$/.test(path) || extname(path) === "" || path.endsWith(".sh");
const mentions = (path: string, name: string) => {
  const files = statSync(path).isDirectory() ? filesUnder(path, sourceLike) : [path];
  return files.some((file) => readFileSync(file, "utf8").includes(name));
};

describe("docs/environment.md and the variables the server reads", () => {
  const page = readFileSync(join(root, "docs/environment.md"), "utf8");
  const documented = documentedVariables(page);
  const reads = scanServerReads();
  const byServer = documented.filter((entry) => !entry.readBy);
  const byOthers = documented.filter((entry) => entry.readBy);

  it("the scan followed every read of the environment in server/", () => {
    expect(reads.unfollowed, `Reads the scan in test/docs/docs.test.ts cannot follow:\n${reads.unfollowed.join("\n")}`).toEqual([]);
    expect(reads.names.size).toBeGreaterThan(30);
  });

  it("every variable the server reads is on the page", () => {
    const listed = new Set(byServer.map((entry) => entry.name));
    const missing = [...reads.names].filter(([name]) => !listed.has(name)).map(([name, sites]) => `${name} (read at ${sites.join(", ")})`);
    expect(missing, `Read by the server but not in a table of docs/environment.md (name, default, meaning):\n${missing.join("\n")}`).toEqual([]);
  });

  it("every variable on the page is read: by the server, or where its Read by column says", () => {
    const unread = byServer.filter((entry) => !reads.names.has(entry.name)).map((entry) => `${entry.name} (docs/environment.md:${entry.line})`);
    expect(unread, `In docs/environment.md but not read by server/ (remove it, or move it to a table with a "Read by" column naming its reader):\n${unread.join("\n")}`).toEqual([]);
    const wrong: string[] = [];
    for (const entry of byOthers) {
      const where = `${entry.name} (docs/environment.md:${entry.line})`;
      if (reads.names.has(entry.name)) wrong.push(`${where}: the server reads it (${reads.names.get(entry.name)!.join(", ")}); list it in a table without "Read by"`);
      const paths = entry.readBy!.filter((path) => existsSync(join(root, path)));
      if (paths.length === 0) wrong.push(`${where}: its Read by column names no existing path in \`code\``);
      for (const path of paths) if (!mentions(join(root, path), entry.name)) wrong.push(`${where}: nothing under ${path} reads it`);
    }
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  it("names every provider of the environment channels", () => {
    const missing = envProviders.map((provider) => provider.env).filter((name) => !page.includes(`\`${name}\``));
    expect(missing, `Providers of server/env-channels.ts that docs/environment.md does not name: ${missing.join(", ")}`).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. The README stays the front door

describe("README.md", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");

  it("is at most 220 lines (the rest belongs in docs/)", () => {
    const lines = readme.replace(/\n$/, "").split("\n").length;
    expect(lines, `README.md has ${lines} lines; move sections into docs/ and link them from the map`).toBeLessThanOrEqual(220);
  });

  it("gives the test command that .ci/run runs", () => {
    const ci = readFileSync(join(root, ".ci/run"), "utf8");
    const command = ci.trimEnd().split("\n").at(-1)!.trim();
    expect(command).toBe("npm test");
    expect(readme).toMatch(/```sh\n(?:.*\n)*?npm ci && npm test\b/);
  });
});
