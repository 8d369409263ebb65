// Python source that gives every codelet call the interpreter's clean module state, run once after
// the barriers and the audit hook are in place. It records the state of every loaded module (its
// globals, its classes' attributes, the attributes of objects it holds, its top-level dicts and
// lists, sys.modules among them) and, after each call, puts back whatever the call changed, so a
// call cannot patch json.dumps, a class's method or sys.meta_path for the calls after it. Objects
// the call left behind are collected then too, so no finalizer of one call runs during another.

/** Defines `_settle_state()`, which the runner calls after every call: True once the state is clean. */
export const CLEAN_STATE_PY = String.raw`
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
    dicts, classes, lists, seen = [], [], [], set()

    def add_dict(d):
        if id(d) not in seen:
            seen.add(id(d))
            dicts.append((d, tuple(d), tuple(d.values()), dict(d)))

    for namespace in namespaces:
        add_dict(namespace)
        for value in list(namespace.values()):
            kind = type(value)
            if kind is dict:
                add_dict(value)
            elif kind is list and id(value) not in seen:
                seen.add(id(value))
                lists.append((value, tuple(value)))
            elif isinstance(value, type):
                if value.__flags__ & _HEAP_TYPE and id(value) not in seen:
                    seen.add(id(value))
                    attributes = dict(vars(value))
                    classes.append((value, tuple(attributes), tuple(attributes.values()), attributes))
            elif kind not in (_ModuleType, _FunctionType, _BuiltinFunctionType):
                attributes = getattr(value, '__dict__', None)
                if type(attributes) is dict:
                    add_dict(attributes)
    add_dict(_os_state.environ._data)
    return dicts, classes, lists


def _unchanged(current, keys, values):
    # Identity only: comparing with == could run a method the call planted.
    return len(current) == len(keys) and all(map(_is, values, current.values())) and all(map(_is, keys, current))


def _restore_state():
    """Puts back what changed since the state was recorded; returns how many things it put back."""
    dicts, classes, lists = _STATE
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
    for _ in range(4):
        _gc_state.collect()
        if not _restore_state():
            return True
    return False


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
