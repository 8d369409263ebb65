// Python source of the call runner, installed once in each interpreter. Each call compiles the
// user's source (cached by text), runs it in a fresh module namespace, calls the entry function
// with the input decoded from JSON, and answers with JSON text: {"value": …} or {"error": …}.
// Exceptions are reported with the frames of the user's code only (this file's frames and
// Pyodide's are dropped), so a person or an LLM can fix the code from the message.

/** Defines `_run(source, filename, entry, input_json) -> str` in the namespace it runs in. */
export const RUNNER_PY = String.raw`
import builtins as _builtins_module
import json as _json
import linecache as _linecache
import math as _math
import traceback as _traceback
import types as _types

_SANDBOX_FILE = '<skein-sandbox>'
_CODE_CACHE = {}
_CODE_CACHE_MAX = 256
_USER_BUILTINS = dict(_builtins_module.__dict__)
_DUMP = _json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(',', ':')).encode
_LOADS = _json.JSONDecoder().decode


def _compiled(source, filename):
    key = (filename, source)
    entry = _CODE_CACHE.get(key)
    if entry is None:
        if len(_CODE_CACHE) >= _CODE_CACHE_MAX:
            _CODE_CACHE.clear()
        entry = _CODE_CACHE[key] = compile(source, filename, 'exec', dont_inherit=True)
    return entry


def _type_name(exc):
    cls = type(exc)
    module = cls.__module__
    return cls.__qualname__ if module in ('builtins', '__main__', None) else module + '.' + cls.__qualname__


def _user_frames(exc, source, filename):
    # The source's lines, for the frames' text (the clean-state code takes them out after the call).
    _linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    frames = []
    for name, line, function in _trusted_frames(exc.__traceback__):  # defined by the audit code
        if name == _SANDBOX_FILE or '/pyodide/' in name or '/_pyodide/' in name:
            continue
        item = {'file': name, 'line': line, 'function': function}
        text = _linecache.getline(name, line).strip()
        if text:
            item['text'] = text
        frames.append(item)
    return frames


def _error(exc, source, filename, kind='python_error', message=None):
    frames = _user_frames(exc, source, filename)
    error = {'kind': kind, 'type': _type_name(exc), 'message': str(exc) if message is None else message, 'frames': frames}
    if isinstance(exc, SyntaxError):
        error['message'] = exc.msg or str(exc)
        frames.append({'file': exc.filename or '', 'line': exc.lineno or 0, 'function': '<module>', 'text': (exc.text or '').strip()})
        # Python's own lines for a syntax error (file, line, caret) without the closing message line.
        error['detail'] = ''.join(_traceback.format_exception_only(exc)[:-1]).rstrip()
    elif isinstance(exc, ModuleNotFoundError):
        error['message'] += ' (the sandbox has the Python standard library only; no other packages are installed)'
    return _json.dumps({'error': error}, ensure_ascii=False)


def _refusal(kind, type_name, message):
    return _json.dumps({'error': {'kind': kind, 'type': type_name, 'message': message, 'frames': []}}, ensure_ascii=False)


def _first_non_json(value, path, depth):
    if value is None or isinstance(value, (bool, int, str)):
        return None
    if isinstance(value, float):
        return None if _math.isfinite(value) else (path, repr(value))
    if depth > 200:
        return (path, 'nested too deeply (a value that contains itself?)')
    if isinstance(value, dict):
        for key, item in value.items():
            if key is not None and not isinstance(key, (str, int, float, bool)):
                return (path, 'a dict with a key of type ' + type(key).__name__)
            found = _first_non_json(item, path + '[' + repr(key) + ']', depth + 1)
            if found:
                return found
        return None
    if isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            found = _first_non_json(item, path + '[' + str(index) + ']', depth + 1)
            if found:
                return found
        return None
    return (path, 'of type ' + type(value).__name__)


def _not_json(result, entry, exc):
    found = _first_non_json(result, 'the result', 0)
    what = found[0] + ' is ' + found[1] if found else str(exc)
    return _refusal(
        'not_json',
        'TypeError',
        entry + '() returned a value that is not JSON: ' + what
        + '. Return only dicts with string keys, lists, strings, numbers (not NaN or infinity), booleans and None;'
        + ' convert sets to lists and dates to ISO strings.',
    )


def _run(source, filename, entry, input_json):
    try:
        reply = _call(source, filename, entry, input_json)
    except KeyboardInterrupt:
        # The interrupt landed in the runner itself, just before or after the user's code.
        reply = _refusal('python_error', 'KeyboardInterrupt', 'the call was interrupted')
    # The host's interrupt (the call's time limit, asked up to three times) can land while the state
    # is being restored: the restore starts again, so the interpreter is never left half restored.
    for _ in range(4):
        try:
            clean = _settle_state()  # defined by the clean-state code
            break
        except KeyboardInterrupt:
            clean = False
    return reply if clean else reply[:-1] + ',"replace":true}'


def _call(source, filename, entry, input_json):
    try:
        code = _compiled(source, filename)
        namespace = {'__name__': '__sandbox__', '__file__': filename, '__builtins__': dict(_USER_BUILTINS)}
        exec(code, namespace)
        function = namespace.get(entry)
        if function is None:
            return _refusal(
                'no_entry',
                'NameError',
                'the code defines no function ' + entry + '(); define it at the top level, for example:\n'
                + 'def ' + entry + '(context):\n    return {"result": ...}',
            )
        if not callable(function):
            return _refusal('no_entry', 'TypeError', entry + ' is a ' + type(function).__name__ + ', not a function; define def ' + entry + '(context): ...')
        result = function(_LOADS(input_json))
    except BaseException as exc:
        return _error(exc, source, filename)
    if isinstance(result, _types.CoroutineType):
        result.close()
        return _refusal('not_json', 'TypeError', entry + '() is defined with async def; define it with def (code in the sandbox runs synchronously)')
    try:
        return '{"value":' + _DUMP(result) + '}'
    except (TypeError, ValueError, RecursionError) as exc:
        return _not_json(result, entry, exc)
    except BaseException as exc:
        return _error(exc, source, filename)
`;
