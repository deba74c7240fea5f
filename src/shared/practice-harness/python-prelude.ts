// The Python that grades a run inside Pyodide, evaluated once per interpreter into a private namespace. Each run gets
// a fresh namespace (with its own copy of the built-ins, whose `__import__` refuses the modules that reach the host or
// the JavaScript bridge); what it changed in the interpreter (modules it imported, attributes it replaced on loaded
// modules, the working directory, the environment, files it wrote) is undone after it, and when something cannot be
// undone the harness says the interpreter should be replaced. A plain string: bundlers must not rewrite it.
export const PYTHON_PRELUDE = String.raw`
import builtins as _builtins, sys as _sys, os as _os, json as _json, tracemalloc as _tracemalloc

# The harness's own functions use a copy of the built-ins and its own references to what it calls, so learner code
# that replaces builtins.len, json.dumps or sys.modules does not break the harness before it is undone.
__builtins__ = dict(_builtins.__dict__)
_modules = _sys.modules
_meta_path = _sys.meta_path
_dumps, _loads = _json.dumps, _json.loads
_tm_start, _tm_stop, _tm_tracing, _tm_traced = (
    _tracemalloc.start, _tracemalloc.stop, _tracemalloc.is_tracing, _tracemalloc.get_traced_memory)
_walk, _join, _stat, _lstat, _isdir, _islink, _rmdir, _remove, _chdir, _getcwd = (
    _os.walk, _os.path.join, _os.stat, _os.lstat, _os.path.isdir, _os.path.islink, _os.rmdir, _os.remove, _os.chdir,
    _os.getcwd)
_environ = _os.environ
_setrecursionlimit, _getrecursionlimit = _sys.setrecursionlimit, _sys.getrecursionlimit

# Modules that reach JavaScript (and through it the worker), the network or other processes. Refused while a run is
# in progress, and taken out of sys.modules for its duration so that no 'sys.modules[...]' finds them either.
_BLOCKED = frozenset({
    'js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'pyodide_http',
    'ctypes', '_ctypes', 'socket', '_socket', 'ssl', '_ssl', 'select', 'selectors', 'subprocess',
    '_posixsubprocess', 'multiprocessing', '_multiprocessing', 'gc', 'urllib.request', 'http.client',
})

def _is_blocked(name):
    root = name.partition('.')[0]
    return root in _BLOCKED or name in _BLOCKED

class _Refuse:
    """A meta path finder that refuses the blocked modules while learner code runs."""
    def find_spec(self, name, path=None, target=None):
        if _is_blocked(name):
            raise ModuleNotFoundError("No module named '" + name + "' (not available here)", name=name)
        return None

_real_import = _builtins.__import__

def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0 and _is_blocked(name):
        raise ModuleNotFoundError("No module named '" + name + "' (not available here)", name=name)
    return _real_import(name, globals, locals, fromlist, level)

_refuse = _Refuse()
_MISSING = object()
_SKIP_DIRS = ('/proc', '/dev')
_root_device = _lstat('/').st_dev

def _same_device(p):
    try:
        return _lstat(p).st_dev == _root_device
    except OSError:
        return False

def _files():
    # The interpreter's own file system only: a folder on another device (a mount of some other file system, such as
    # the host's) is listed but never entered, so the clean-up below can never delete anything inside it; a new
    # mount point cannot be removed, which marks the interpreter for replacement.
    found = {}
    for root, dirs, files in _walk('/'):
        for name in dirs + files:
            p = _join(root, name)
            try:
                found[p] = _stat(p).st_mtime
            except OSError:
                pass
        dirs[:] = [d for d in dirs if _join(root, d) not in _SKIP_DIRS and _same_device(_join(root, d))]
    return found

_baseline_modules = {
    name: (mod, dict(getattr(mod, '__dict__', {})))
    for name, mod in list(_modules.items())
    if not _is_blocked(name)
}
_baseline_path = list(_sys.path)
_baseline_environ = dict(_environ)
_baseline_cwd = _getcwd()
_baseline_recursion = _getrecursionlimit()
_baseline_files = _files()
_tainted = False

def _hide():
    """Takes the blocked modules out of sys.modules and the JavaScript importers off sys.meta_path; the caller keeps
    what was taken (outside Python's reach) and gives it back to _unhide after the run."""
    taken = [(name, _modules.pop(name)) for name in list(_modules) if _is_blocked(name)]
    finders = list(_meta_path)
    _meta_path[:] = [_refuse] + [f for f in finders if 'pyodide' not in type(f).__module__ and 'Js' not in type(f).__name__]
    return (taken, finders)

def _unhide(hidden):
    taken, finders = hidden
    for name, mod in taken:
        _modules[name] = mod
    _meta_path[:] = finders

def _restore():
    global _tainted
    for name, (mod, snapshot) in _baseline_modules.items():
        if _modules.get(name, _MISSING) is not mod:
            _modules[name] = mod
        d = getattr(mod, '__dict__', None)
        if d is None:
            continue
        if len(d) != len(snapshot) or any(d.get(k, _MISSING) is not v for k, v in snapshot.items()):
            try:
                d.clear()
                d.update(snapshot)
            except Exception:
                _tainted = True
    for name in list(_modules):
        if name not in _baseline_modules:
            del _modules[name]
    _sys.path[:] = _baseline_path
    _sys.stdout, _sys.stderr, _sys.stdin = _sys.__stdout__, _sys.__stderr__, _sys.__stdin__
    _setrecursionlimit(_baseline_recursion)
    if dict(_environ) != _baseline_environ:
        _environ.clear()
        _environ.update(_baseline_environ)
    try:
        _chdir(_baseline_cwd)
    except OSError:
        _tainted = True
    now = _files()
    for p in sorted(now, key=len, reverse=True):
        if p not in _baseline_files:
            try:
                if _isdir(p) and not _islink(p):
                    _rmdir(p)
                else:
                    _remove(p)
            except OSError:
                _tainted = True
        elif now[p] != _baseline_files[p] and not _isdir(p):
            _tainted = True
    for p in _baseline_files:
        if p not in now:
            _tainted = True

def _tainted_state():
    return _tainted

class _Output:
    """sys.stdout and sys.stderr during a run: keeps what fits in the limit (UTF-8 bytes), cut with a note; silent
    while hidden tests run."""
    encoding = 'utf-8'
    errors = 'strict'
    def __init__(self, limit, note):
        self.parts = []
        self.size = 0
        self.cut = False
        self.silent = False
        self.limit = limit
        self.note = note
    def write(self, s):
        s = str(s)
        if self.silent or self.cut or not s:
            return len(s)
        b = s.encode('utf-8', 'replace')
        if self.size + len(b) <= self.limit:
            self.parts.append(s)
            self.size += len(b)
        else:
            kept = b[: self.limit - self.size].decode('utf-8', 'ignore')
            self.parts.append(kept)
            text = ''.join(self.parts)
            self.parts = [text, ('' if text == '' or text.endswith('\n') else '\n') + self.note + '\n']
            self.cut = True
        return len(s)
    def writelines(self, lines):
        for line in lines:
            self.write(line)
    def flush(self):
        pass
    def isatty(self):
        return False
    def readable(self):
        return False
    def writable(self):
        return True
    def text(self):
        return ''.join(self.parts)

class _NoInput:
    def readline(self, *a):
        return ''
    def read(self, *a):
        return ''
    def isatty(self):
        return False

class _OverMemory(Exception):
    pass

def _line_of(exc, filename):
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        line = exc.lineno
    return line

def _describe(exc, filename, source, with_line):
    if isinstance(exc, AssertionError):
        text = str(exc)
        if not text:
            line = _line_of(exc, filename)
            lines = source.splitlines()
            code = lines[line - 1].strip() if line and 0 < line <= len(lines) else ''
            text = 'Assertion failed: ' + code if code else 'Assertion failed'
        return text
    if isinstance(exc, SyntaxError):
        text = type(exc).__name__ + ': ' + str(exc.msg)
    else:
        text = type(exc).__name__ + (': ' + str(exc) if str(exc) else '')
    line = _line_of(exc, filename) if with_line else None
    return text + (' (line ' + str(line) + ')' if line else '')

class _Session:
    """One run: its namespace, its output, and the memory check. Tests arrive one at a time, so no test's code (a
    hidden test's expected values) is in the interpreter while the learner's code or an earlier test runs."""
    def __init__(self, req):
        self.out = _Output(req['outputMax'], req['outputCut'])
        self.memory_max = req['memoryMax']
        learner_builtins = dict(_builtins.__dict__)
        learner_builtins['__import__'] = _guarded_import
        self.ns = {'__name__': '__main__', '__builtins__': learner_builtins}

    def over_memory(self):
        return _tm_tracing() and _tm_traced()[1] > self.memory_max

    def step(self, source, filename, with_line):
        """Runs one piece of code: None when it ran, else ('memory' | 'timeout' | 'thrown', message)."""
        try:
            exec(compile(source, filename, 'exec'), self.ns)
            if self.over_memory():
                raise _OverMemory()
            return None
        except (MemoryError, _OverMemory):
            return ('memory', None)
        except KeyboardInterrupt:
            return ('timeout', None)
        except BaseException as e:
            return ('thrown', _describe(e, filename, source, with_line))

_session = None

def _begin(request_json):
    global _session
    req = _loads(request_json)
    _session = _Session(req)
    _sys.stdout = _sys.stderr = _session.out
    _sys.stdin = _NoInput()
    _tm_start()
    outcome = _session.step(req['code'], '<code>', True)
    if outcome is None:
        return _dumps({'verdict': 'ok'})
    kind, message = outcome
    return _dumps({'verdict': 'error' if kind == 'thrown' else kind, 'error': message})

def _test(source, hidden, number):
    _session.out.silent = bool(hidden)
    outcome = _session.step(source, '<test ' + str(number) + '>', False)
    _session.out.silent = False
    if outcome is None:
        return _dumps({'passed': True})
    kind, message = outcome
    if kind == 'thrown':
        return _dumps({'passed': False, 'message': message})
    return _dumps({'verdict': kind})

def _end():
    global _session
    session, _session = _session, None
    output = session.out.text() if session else ''
    if _tm_tracing():
        _tm_stop()
    if session:
        session.ns.clear()
    _restore()
    return output
`;
