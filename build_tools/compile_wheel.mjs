// Turns the game wheel into bytecode, compiled by Pyodide's own Python (the build machine's
// CPython cannot write 3.14 bytecode): each games/*.py becomes games/*.pyc in its place (a
// sourceless module, which Python imports like any other), without its docstrings (nothing
// reads them; asserts stay), and RECORD lists the new files. The page then neither downloads the
// sources nor compiles the games (about 0.2 s of the start screen under node). A traceback still
// names the file and line; only the line's text is missing.
//
// usage: node compile_wheel.mjs <pyodide dir> <wheel in> <wheel out>
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelIn, wheelOut] = process.argv.slice(2);
if (!pyodideDir || !wheelIn || !wheelOut) {
  console.error("usage: node compile_wheel.mjs <pyodide dir> <wheel in> <wheel out>");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL });
pyodide.FS.writeFile("/tmp/in.whl", readFileSync(wheelIn));

const summary = pyodide.runPython(`
import ast, base64, hashlib, importlib.util, site, zipfile
import importlib._bootstrap_external as bootstrap

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body[0] = ast.copy_location(ast.Pass(), first) if len(node.body) == 1 else None
                node.body = [statement for statement in node.body if statement is not None]
    return tree

def compile_wheel(wheel_in, wheel_out):
    # Compiled under the path the page unpacks to, so tracebacks name the real files.
    site_dir = site.getsitepackages()[0]
    with zipfile.ZipFile(wheel_in) as source:
        infos = source.infolist()
        files = {info.filename: source.read(info) for info in infos}
    record_name = next(name for name in files if name.endswith(".dist-info/RECORD"))
    kept = {}
    for name, data in files.items():
        if name == record_name:
            continue
        if name.endswith(".py"):
            tree = without_docstrings(ast.parse(data, f"{site_dir}/{name}"))
            code = compile(tree, f"{site_dir}/{name}", "exec", dont_inherit=True)
            name, data = name + "c", bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        kept[name] = data
    record = [record_line(name, data) for name, data in kept.items()] + [record_name + ",,"]
    stamp = infos[0].date_time  # the wheel's fixed timestamp: same sources, same bytes
    with zipfile.ZipFile(wheel_out, "w") as out:
        for name, data in [*kept.items(), (record_name, "\\n".join(record) + "\\n")]:
            out.writestr(zipfile.ZipInfo(name, stamp), data, zipfile.ZIP_DEFLATED, 9)
    return f"{sum(name.endswith('.pyc') for name in kept)} modules compiled, their sources left out"

compile_wheel("/tmp/in.whl", "/tmp/out.whl")
`);
writeFileSync(wheelOut, pyodide.FS.readFile("/tmp/out.whl"));
console.log(summary);
