// Python source of the sandbox's audit hook, run once after the runner is defined. Python's audit
// hooks cannot be removed or listed, so the hook is the one place user code cannot reach. It
// refuses what leads from user code to the runner's own objects or to Pyodide's bridge: frames
// (through which a function's globals are reached), the gc module's object walks, replacing a
// function's code or defaults, tracing hooks, further audit hooks, creating the built-in modules
// `_pyodide_core` (the JavaScript bridge) and `_imp` (which would bring back the unguarded module
// loader) by any import mechanism, and file-system changes outside /tmp and /home/pyodide.

/**
 * Installs the hook (and the barriers' stand-in for `_imp.create_builtin`, and their refusals of
 * open and input into the builtins user code gets) and defines `_trusted_frames(tb)`, the runner's
 * one way to read a traceback's frames (the hook lets it through while the runner reads them, with
 * the garbage collector off so no user finalizer runs meanwhile).
 */
export const AUDIT_PY = String.raw`
import _imp
import os as _os_audit
import gc as _gc
import sys as _sys_audit


class SandboxRefusal(AttributeError, ValueError):
    """Raised by the hook. An AttributeError and a ValueError: the standard library's fallbacks for
    platforms without frames (namedtuple, enum, typing, logging) catch one of the two."""


_NO_INTROSPECTION = ' is not available in the sandbox: it would reach the sandbox\'s own objects'
_REFUSED_EVENTS = frozenset((
    'sys._getframe', 'sys._getframemodulename', 'sys._current_frames', 'sys._current_exceptions',
    'sys.settrace', 'sys.setprofile', 'threading.settrace', 'threading.setprofile',
    'sys.monitoring.register_callback', 'gc.get_referrers', 'gc.get_referents', 'gc.get_objects',
))
_FRAME_ATTRIBUTES = frozenset(('tb_frame', 'gi_frame', 'cr_frame', 'ag_frame', 'f_back'))
_CODE_ATTRIBUTES = frozenset(('__code__', '__defaults__', '__kwdefaults__', '__closure__', '__globals__'))
_REFUSED_BUILTINS = frozenset(('_pyodide_core', '_imp'))
# The in-memory folders a call may write to (emptied after every call); the standard library's
# folders are not among them, so no call can plant a module for a later one.
_WRITABLE_ROOTS = ('/tmp/', '/home/pyodide/')
_WRITE_FLAGS = _os_audit.O_WRONLY | _os_audit.O_RDWR | _os_audit.O_CREAT | _os_audit.O_TRUNC | _os_audit.O_APPEND
# Events that change the file system, with the positions of their path arguments.
_FILE_EVENTS = {
    'os.rename': (0, 1), 'os.remove': (0,), 'os.rmdir': (0,), 'os.mkdir': (0,), 'os.chmod': (0,),
    'os.chown': (0,), 'os.truncate': (0,), 'os.utime': (0,), 'os.chflags': (0,), 'os.mkfifo': (0,),
    'os.mknod': (0,), 'os.setxattr': (0,), 'os.removexattr': (0,),
}
_NO_LINKS = ('os.link', 'os.symlink')


def _writable(path, getcwd=_os_audit.getcwd):
    """Whether a path lies inside a writable folder. Uses only built-in operations (the os.path
    functions are Python code that the call itself could have patched); links cannot be made."""
    if type(path) is bytes:
        path = path.decode('utf-8', 'surrogateescape')
    if type(path) is not str:
        return False
    if not path.startswith('/'):
        path = getcwd() + '/' + path
    parts = []
    for part in path.split('/'):
        if part == '..':
            if parts:
                parts.pop()
        elif part and part != '.':
            parts.append(part)
    resolved = '/' + '/'.join(parts) + '/'
    return resolved not in _WRITABLE_ROOTS and any(resolved.startswith(root) for root in _WRITABLE_ROOTS)


def _refuse_write(path):
    raise PermissionError('writing ' + repr(path) + ' is not allowed: the sandbox can write only in /tmp and /home/pyodide, which are emptied after every call')


def _make_hook(create_builtin, traceback_type):
    trusted = [False]

    def hook(event, args):
        if event == 'object.__getattr__':
            if args[1] in _FRAME_ATTRIBUTES and not trusted[0]:
                raise SandboxRefusal(args[1] + _NO_INTROSPECTION)
        elif event == 'object.__setattr__' or event == 'object.__delattr__':
            if args[1] in _CODE_ATTRIBUTES:
                raise SandboxRefusal('setting ' + args[1] + _NO_INTROSPECTION)
        elif event == 'open':
            path, mode, flags = args
            if flags & _WRITE_FLAGS and not _writable(path):
                _refuse_write(path)
        elif event in _FILE_EVENTS:
            for index in _FILE_EVENTS[event]:
                if not _writable(args[index]):
                    _refuse_write(args[index])
        elif event in _NO_LINKS:
            raise PermissionError(event + '() is not available in the sandbox')
        elif event in _REFUSED_EVENTS:
            raise SandboxRefusal(event + '()' + _NO_INTROSPECTION)
        elif event == 'sys.addaudithook':
            raise RuntimeError('sys.addaudithook' + _NO_INTROSPECTION)
        elif event == 'skein.create_builtin':
            spec, box = args
            if spec.name in _REFUSED_BUILTINS:
                raise ImportError("module '" + spec.name + "' is not available: the sandbox has no access to the JavaScript host", name=spec.name)
            box.append(create_builtin(spec))

    def frames(tb):
        """The (filename, line, function) of each traceback entry, read with frames allowed."""
        out = []
        enabled = _gc.isenabled()
        _gc.disable()
        trusted[0] = True
        try:
            while tb is not None and type(tb) is traceback_type:
                code = tb.tb_frame.f_code
                out.append((code.co_filename, tb.tb_lineno or 0, code.co_name))
                tb = tb.tb_next
        finally:
            trusted[0] = False
            if enabled:
                _gc.enable()
        return out

    return hook, frames


try:
    raise Exception
except Exception as _e:
    _hook, _trusted_frames = _make_hook(_imp.create_builtin, type(_e.__traceback__))
    del _e

_imp.create_builtin = _BARRIERS['guarded_create_builtin']
_USER_BUILTINS.update(_BARRIERS['USER_BUILTIN_REFUSALS'])
del _make_hook
_sys_audit.addaudithook(_hook)
del _hook
`;
