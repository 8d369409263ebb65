// Python source that closes the interpreter to the outside, run once at start. It refuses imports of the network, process and
// JavaScript-bridge modules (and drops the ones Pyodide already imported), replaces the os
// functions that start or signal processes, refuses open() and input() in user code, and makes
// time.sleep interruptible so the time limit can stop it. The worker adds a JavaScript-side
// barrier behind this one (see lock-host.ts).

/**
 * Installs the barriers. Runs in a namespace of its own, apart from the runner's: user code can
 * reach these functions (and through their globals, this namespace), so it holds nothing but the
 * barriers, and the clean-state code puts it back after every call. Defines
 * `USER_BUILTIN_REFUSALS` (open, input) for the runner and `guarded_create_builtin` for the audit
 * hook.
 */
export const ISOLATION_PY = String.raw`
import os as _os
import posix as _posix
import sys as _sys
import time as _time

_NO_NETWORK = 'the sandbox has no network access; fetch data in a tool step and pass it in through the input'
_NO_PROCESS = 'the sandbox cannot start processes or load native code'
_NO_HOST = 'the sandbox has no access to the JavaScript host'
_NO_ASYNC = 'code in the sandbox runs synchronously; define a plain def function'
_NO_FILES = 'the sandbox has no file access (host files are not mounted); take data from the input and return results'

_REFUSED_MODULES = {
    'socket': _NO_NETWORK, '_socket': _NO_NETWORK, 'ssl': _NO_NETWORK, '_ssl': _NO_NETWORK,
    'http.client': _NO_NETWORK, 'http.server': _NO_NETWORK, 'urllib.request': _NO_NETWORK,
    'ftplib': _NO_NETWORK, 'smtplib': _NO_NETWORK, 'poplib': _NO_NETWORK, 'imaplib': _NO_NETWORK,
    'nntplib': _NO_NETWORK, 'telnetlib': _NO_NETWORK, 'socketserver': _NO_NETWORK,
    'xmlrpc.client': _NO_NETWORK, 'xmlrpc.server': _NO_NETWORK, 'webbrowser': _NO_NETWORK,
    'subprocess': _NO_PROCESS, '_posixsubprocess': _NO_PROCESS, 'multiprocessing': _NO_PROCESS,
    '_multiprocessing': _NO_PROCESS, 'concurrent.futures.process': _NO_PROCESS, 'pty': _NO_PROCESS,
    'ctypes': _NO_PROCESS, '_ctypes': _NO_PROCESS,
    'js': _NO_HOST, 'pyodide': _NO_HOST, 'pyodide_js': _NO_HOST, '_pyodide': _NO_HOST,
    '_pyodide_core': _NO_HOST, 'micropip': _NO_HOST,
    'asyncio': _NO_ASYNC,
}


def _refusal_for(name):
    while name:
        reason = _REFUSED_MODULES.get(name)
        if reason:
            return reason
        name = name.rpartition('.')[0]
    return None


class _RefuseImports:
    """First on sys.meta_path: refuses the modules above with a message that says why."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        reason = _refusal_for(name)
        if reason:
            raise ImportError("module '" + name + "' is not available: " + reason, name=name)
        return None


def _refused(name, reason):
    def refused(*args, **kwargs):
        raise PermissionError(name + '() is not available: ' + reason)
    refused.__name__ = refused.__qualname__ = name.rpartition('.')[2]
    return refused


_PROCESS_FUNCTIONS = (
    'system', 'popen', 'fork', 'forkpty', 'execv', 'execve', 'execl', 'execle', 'execlp', 'execlpe',
    'execvp', 'execvpe', 'spawnl', 'spawnle', 'spawnlp', 'spawnlpe', 'spawnv', 'spawnve', 'spawnvp',
    'spawnvpe', 'posix_spawn', 'posix_spawnp', 'kill', 'killpg', 'abort', '_exit',
)
_PROCESS_REFUSALS = {name: _refused('os.' + name, _NO_PROCESS) for name in _PROCESS_FUNCTIONS}


def _process_modules():
    return [m for m in (_os, _posix, _sys.modules.get('os'), _sys.modules.get('posix')) if m is not None]


def _from_bridge(value):
    kind = type(value)
    name = value.__name__ if kind is type(_sys) else kind.__module__ or ''
    return isinstance(name, str) and bool(_refusal_for(name))


def _install_barriers():
    for name in [n for n in _sys.modules if _refusal_for(n)]:
        del _sys.modules[name]
    # Other modules' references to the bridge (__main__._pyodide_core, json.encoder's JS null marker).
    for module in list(_sys.modules.values()):
        namespace = getattr(module, '__dict__', None)
        if type(namespace) is not dict:
            continue
        for key, value in list(namespace.items()):
            if _from_bridge(value):
                if type(value) is type(_sys):
                    del namespace[key]
                else:
                    namespace[key] = object()
    _sys.meta_path[:] = [f for f in _sys.meta_path if f is not _RefuseImports and type(f).__module__.partition('.')[0] not in ('_pyodide', 'pyodide')]
    _sys.meta_path.insert(0, _RefuseImports)
    for module in _process_modules():
        for name, refusal in _PROCESS_REFUSALS.items():
            if hasattr(module, name):
                setattr(module, name, refusal)
    _time.sleep = _interruptible_sleep


USER_BUILTIN_REFUSALS = {
    'open': _refused('open', _NO_FILES),
    'input': _refused('input', 'the sandbox has no standard input; take data from the input argument'),
}


def guarded_create_builtin(spec):
    """Stands in for _imp.create_builtin; the audit hook holds the real one and refuses the bridge."""
    box = []
    _sys.audit('skein.create_builtin', spec, box)
    return box[0]

_wait = _time.sleep


def _interruptible_sleep(seconds):
    end = _time.monotonic() + seconds
    while True:
        left = end - _time.monotonic()
        if left <= 0:
            return
        _wait(min(left, 0.02))


_install_barriers()
`;
