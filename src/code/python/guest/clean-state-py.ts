// Python source that gives every codelet call the interpreter's clean module state, run once after
// the barriers and the audit hook are in place. It records the state of every loaded module (its
// globals, its classes' attributes, the attributes of objects it holds, its top-level dicts and
// lists, sys.modules among them, and the closure cells of their functions) and, after each call, puts
// back whatever the call changed, so a call cannot patch json.dumps, a class's method, a cell of a
// decorator's closure or sys.meta_path for the calls after it. The functools.lru_cache caches and the
// codec lookup cache are emptied after every call (a cached object can be changed in place); codec
// search functions and atexit callbacks a call registers are its own. Objects the call left behind
// are collected then too, so no finalizer of one call runs during another.

/** Defines `_settle_state()`, which the runner calls after every call: True once the state is clean. */
export const CLEAN_STATE_PY = String.raw`
import _codecs
import atexit as _atexit
import codecs as _codecs_module
import functools as _functools
import gc as _gc_state
import os as _os_state
import shutil as _shutil
import sys as _sys_state
from itertools import repeat as _repeat
from operator import is_ as _is
from types import BuiltinFunctionType as _BuiltinFunctionType, FunctionType as _FunctionType, ModuleType as _ModuleType

# Loaded before the clean state is recorded, so that calls using them pay no import.
_PRELOADED = (
    'base64', 'bisect', 'calendar', 'collections', 'copy', 'csv', 'dataclasses', 'datetime', 'decimal',
    'difflib', 'enum', 'fractions', 'functools', 'hashlib', 'heapq', 'html', 'itertools', 'json', 'math',
    'operator', 'pprint', 're', 'random', 'statistics', 'string', 'textwrap', 'typing', 'unicodedata',
    'urllib.parse', 'uuid',
)
# The sandbox's whole environment: nothing of the host's.
_FIXED_ENVIRON = {'HOME': '/home/pyodide', 'LANG': 'C.UTF-8', 'PATH': '/usr/bin:/bin', 'TZ': 'UTC'}
_MISSING = object()
_HEAP_TYPE = 1 << 9
_HOME = '/home/pyodide'
# The folders a call may write to (the audit hook refuses writes elsewhere).
_WRITABLE = ('/tmp', _HOME)


def _fix_environ():
    for key in [k for k in _os_state.environ if k not in _FIXED_ENVIRON]:
        del _os_state.environ[key]
    _os_state.environ.update(_FIXED_ENVIRON)


def _record_state(namespaces):
    dicts, classes, lists, cells, caches, seen = [], [], [], [], [], set()

    def add_dict(d):
        if id(d) not in seen:
            seen.add(id(d))
            dicts.append((d, tuple(d), tuple(d.values()), dict(d)))

    def add_callable(value):
        # Functions (and what wraps them) whose closure cells a call could fill with its own objects.
        kind = type(value)
        if kind in (staticmethod, classmethod):
            add_callable(value.__func__)
        elif kind is property:
            for accessor in (value.fget, value.fset, value.fdel):
                add_callable(accessor)
        elif kind is _LRU_CACHE and id(value) not in seen:
            seen.add(id(value))
            caches.append(value)
            add_callable(getattr(value, '__wrapped__', None))
        elif kind is _FunctionType and id(value) not in seen:
            seen.add(id(value))
            for default in value.__defaults__ or ():
                if type(default) is dict:
                    add_dict(default)
            for cell in value.__closure__ or ():
                try:
                    contents = cell.cell_contents
                except ValueError:
                    contents = _MISSING
                cells.append((cell, contents))
                add_callable(contents)

    for namespace in namespaces:
        add_dict(namespace)
        for value in list(namespace.values()):
            kind = type(value)
            add_callable(value)
            if kind is dict:
                add_dict(value)
                for item in list(value.values()):
                    add_callable(item)
            elif kind is list and id(value) not in seen:
                seen.add(id(value))
                lists.append((value, tuple(value)))
            elif isinstance(value, type):
                if value.__flags__ & _HEAP_TYPE and id(value) not in seen:
                    seen.add(id(value))
                    attributes = dict(vars(value))
                    classes.append((value, tuple(attributes), tuple(attributes.values()), attributes))
                    for attribute in attributes.values():
                        add_callable(attribute)
            elif kind not in (_ModuleType, _FunctionType, _BuiltinFunctionType):
                attributes = getattr(value, '__dict__', None)
                if type(attributes) is dict:
                    add_dict(attributes)
    add_dict(_os_state.environ._data)
    return dicts, classes, lists, cells, caches


def _unchanged(current, keys, values):
    # Identity only: comparing with == could run a method the call planted.
    return len(current) == len(keys) and all(map(_is, values, current.values())) and all(map(_is, keys, current))


def _restore_state():
    """Puts back what changed since the state was recorded; returns how many things it put back."""
    dicts, classes, lists, cells, _caches = _STATE
    changed = 0
    for d, keys, values, saved in dicts:
        if not _unchanged(d, keys, values):
            changed += 1
            d.update(saved)
            for key in list(d.keys() - saved.keys()):
                del d[key]
    for cls, keys, values, saved in classes:
        current = vars(cls)
        if not _unchanged(current, keys, values):
            changed += 1
            for key, value in saved.items():
                if current.get(key, _MISSING) is not value:
                    type.__setattr__(cls, key, value)
            for key in list(current.keys() - saved.keys()):
                type.__delattr__(cls, key)
    for items, saved in lists:
        if len(items) != len(saved) or not all(map(_is, saved, items)):
            changed += 1
            items[:] = saved
    for cell, saved in cells:
        try:
            current = cell.cell_contents
        except ValueError:
            current = _MISSING
        if current is not saved:
            changed += 1
            if saved is _MISSING:
                del cell.cell_contents
            else:
                cell.cell_contents = saved
    if _sys_state.getrecursionlimit() != _RECURSION_LIMIT:
        changed += 1
        _sys_state.setrecursionlimit(_RECURSION_LIMIT)
    if _sys_state.get_int_max_str_digits() != _INT_MAX_STR_DIGITS:
        changed += 1
        _sys_state.set_int_max_str_digits(_INT_MAX_STR_DIGITS)
    if not _gc_state.isenabled():
        changed += 1
        _gc_state.enable()
    return changed + _clear_writable_folders()


def _clear_writable_folders():
    """Empties the folders a call may write to, so no file passes from one call to another."""
    cleared = 0
    if _os_state.getcwd() != _HOME:
        cleared += 1
        _os_state.chdir(_HOME)
    for folder in _WRITABLE:
        for name in _os_state.listdir(folder):
            cleared += 1
            path = folder + '/' + name
            if _os_state.path.isdir(path) and not _os_state.path.islink(path):
                _shutil.rmtree(path, ignore_errors=True)
            else:
                _os_state.unlink(path)
    return cleared


def _settle_state():
    """After a call: collects what it left behind (running its finalizers now), then restores the
    state, again while restoring changes something (dropping a value can run a finalizer);
    False if the call's leftovers keep changing it."""
    _forget_caches()
    for _ in range(4):
        _gc_state.collect()
        if not _restore_state():
            return True
    return False


def _forget_caches():
    """Empties what caches hold objects a call could change in place: every functools.lru_cache of the
    recorded functions, and the codec lookup cache (unregistering a search function clears it)."""
    for cache in _STATE[4]:
        cache.cache_clear()
    _register_codec(_no_codec)
    _unregister_codec(_no_codec)


def _no_codec(_name):
    return None


def _call_codecs(name):
    """The one codec search function registered for user code: it asks those of the current call."""
    for search in tuple(_BARRIERS['codec_searches']):
        info = search(name)
        if info is not None:
            return info
    return None


# What user code gets for codecs.register/unregister and atexit.register/unregister lives in the
# barriers' namespace (restored after every call, like the modules): codec search functions are kept
# for the current call only, and exit functions are never kept (the interpreter outlives every call).
exec('''
codec_searches = []


def codec_register(search, /):
    """codecs.register in the sandbox: the search function serves this call only."""
    if not callable(search):
        raise TypeError('argument must be callable')
    codec_searches.append(search)


def codec_unregister(search, /):
    """codecs.unregister in the sandbox: forgets a search function this call registered."""
    codec_searches[:] = [s for s in codec_searches if s is not search]


def exit_register(func, /, *args, **kwargs):
    """atexit.register in the sandbox: the interpreter outlives every call, so nothing is kept."""
    if not callable(func):
        raise TypeError('the first argument must be callable')
    return func


def exit_unregister(func, /):
    """atexit.unregister in the sandbox: nothing was kept."""
''', _BARRIERS)
_register_codec, _unregister_codec = _codecs.register, _codecs.unregister
_register_codec(_call_codecs)
_codecs.register = _codecs_module.register = _BARRIERS['codec_register']
_codecs.unregister = _codecs_module.unregister = _BARRIERS['codec_unregister']
_atexit.register = _BARRIERS['exit_register']
_atexit.unregister = _BARRIERS['exit_unregister']
_LRU_CACHE = type(_functools.lru_cache(_no_codec))

for _name in _PRELOADED:
    __import__(_name)
_fix_environ()
_RECURSION_LIMIT = _sys_state.getrecursionlimit()
_INT_MAX_STR_DIGITS = _sys_state.get_int_max_str_digits()
_clear_writable_folders()
_STATE = _record_state([m.__dict__ for m in list(_sys_state.modules.values()) if type(m) is _ModuleType] + [_BARRIERS])
# Objects from here on are left out of collections, so that collecting after a call only looks at what the call made.
_gc_state.freeze()
del _name, _record_state
`;
