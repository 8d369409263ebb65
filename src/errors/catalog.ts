/**
 * Every error code Skein gives a user, in one closed table (docs/errors.md, ARCHITECTURE.md "Errors"):
 * its kind, the HTTP status, the CLI's exit code, the MCP error code and whether the caller is at
 * fault. Each surface maps a code through this table and nothing else; a new code is one row here.
 *
 * - `refusal`: nothing ran (a bad call, a missing skill or run, a run in the wrong state).
 * - `run_error`: a run started and failed; it is the `error` of a failed run, stored with it.
 *   Its HTTP status is the one used when it answers a request by itself.
 */
export type ErrorKind = 'refusal' | 'run_error';

/** A row of the catalog. */
export interface ErrorRow {
  kind: ErrorKind;
  /** The HTTP status of an answer carrying this code. */
  http: 400 | 401 | 404 | 409 | 413 | 415 | 422 | 500 | 502 | 503 | 504;
  /** The exit code of a CLI command that ends with it: 2 the call as given cannot work, 1 it failed. */
  exit: 1 | 2;
  /** The JSON-RPC error code when MCP reports it as a protocol error. */
  mcp: McpCode;
  /** Whether the caller can fix it by changing what it sent (else the skill, the server or a service). */
  clientFault: boolean;
  /** What it means, for docs/errors.md. */
  about: string;
}

/** JSON-RPC's codes that MCP uses: invalid request, method not found, invalid params, internal, resource not found. */
export type McpCode = -32600 | -32601 | -32602 | -32603 | -32002;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const INTERNAL = -32603;
const NO_RESOURCE = -32002;

/** The table. Keep rows grouped: the call, skills and runs (refusals), then what fails a run. */
// prettier-ignore
export const ERROR_CODES = {
  // The call itself.
  usage: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the command or request is not well formed (an unknown option, a missing argument)' },
  bad_json: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the request body or an argument is not valid JSON' },
  bad_request: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the request is malformed in another way (the message says how)' },
  invalid_request: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'a field of the request body has the wrong shape (each named in fields)' },
  unknown_field: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the request body has a field the endpoint does not take (with a "did you mean")' },
  invalid_arguments: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'an MCP tool was called without the arguments it needs' },
  body_too_large: { kind: 'refusal', http: 413, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the request body or input is larger than the limit' },
  unsupported_media_type: { kind: 'refusal', http: 415, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the body is not sent as application/json' },
  unauthorized: { kind: 'refusal', http: 401, exit: 2, mcp: INVALID_REQUEST, clientFault: true, about: 'the bearer token is missing or wrong' },
  not_found: { kind: 'refusal', http: 404, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'no route, tool or resource by that name' },
  config_invalid: { kind: 'refusal', http: 500, exit: 2, mcp: INTERNAL, clientFault: false, about: 'skein.yaml or the environment has a mistake (the message names the field)' },
  tokens_required: { kind: 'refusal', http: 500, exit: 2, mcp: INTERNAL, clientFault: false, about: 'skein serve refuses to listen beyond this host without API tokens' },
  listen_failed: { kind: 'refusal', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'skein serve cannot listen on the host and port given' },
  worker_needs_postgres: { kind: 'refusal', http: 500, exit: 2, mcp: INTERNAL, clientFault: false, about: 'skein worker needs a PostgreSQL store to share runs through' },
  // Skills and documents.
  bad_skill: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the skill has errors (each with file, line and column)' },
  json_syntax: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'a JSON skill file is not valid JSON' },
  expression_invalid: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'an expression of a skill does not compile' },
  skill_not_found: { kind: 'refusal', http: 404, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'no skill by that id (or version) on the skills path' },
  not_executable: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the skill is a document: it has no graph to run' },
  no_graph: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the skill is a document: it has no graph to draw' },
  no_route: { kind: 'refusal', http: 422, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'no skill matches the request' },
  doc_not_found: { kind: 'refusal', http: 404, exit: 1, mcp: NO_RESOURCE, clientFault: true, about: 'no document skill by that name' },
  chunk_not_found: { kind: 'refusal', http: 404, exit: 1, mcp: NO_RESOURCE, clientFault: true, about: 'the document has no part by that id' },
  generate_failed: { kind: 'refusal', http: 502, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a document skill could not be generated (the model gave no usable answer)' },
  planner_failed: { kind: 'refusal', http: 502, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the planner could not make a plan' },
  tool_duplicate: { kind: 'refusal', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'two tools were registered under one name' },
  tool_module_invalid: { kind: 'refusal', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a tool module could not be loaded or exports no tool' },
  // Starting, resuming and finding runs.
  input_invalid: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the input does not match the skill’s schema (each field named)' },
  input_required: { kind: 'refusal', http: 400, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the skill takes an input and none was given' },
  run_not_found: { kind: 'refusal', http: 404, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'no run with that id (or prefix) in this store' },
  run_ambiguous: { kind: 'refusal', http: 400, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'the id prefix names more than one run (up to five are named)' },
  not_awaiting: { kind: 'refusal', http: 409, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'the run is not paused for an answer' },
  upgrade_incompatible: { kind: 'refusal', http: 409, exit: 2, mcp: INVALID_PARAMS, clientFault: false, about: 'the newest version of the skill cannot take the run over: a step it got through is gone or of another kind, or its input fails the new schema (each difference in fields)' },
  step_not_found: { kind: 'refusal', http: 404, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the skill has no step of that id (a fork’s --from; the message lists its steps)' },
  run_ended: { kind: 'refusal', http: 409, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'the run has ended: it cannot be resumed or cancelled' },
  idempotency_conflict: { kind: 'refusal', http: 409, exit: 2, mcp: INVALID_PARAMS, clientFault: true, about: 'the idempotency key was used by another start with another skill or input, within the time keys are kept' },
  run_busy: { kind: 'refusal', http: 409, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the run kept changing state; try again' },
  shutting_down: { kind: 'refusal', http: 503, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the server is shutting down' },
  worker_failed: { kind: 'refusal', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a worker (or the Python sandbox’s) could not start or died' },
  internal: { kind: 'refusal', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an unexpected error; the server log or SKEIN_DEBUG=1 has the details' },
  missing_dependency: { kind: 'refusal', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an optional part is not installed; the message names the npm install command (skein doctor lists them)' },
  // Experiments.
  experiment_not_found: { kind: 'refusal', http: 404, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'no experiment with that id (or prefix) in this store' },
  experiment_ambiguous: { kind: 'refusal', http: 400, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'the id prefix names more than one experiment' },
  git_ref_unreadable: { kind: 'refusal', http: 400, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'skein eval --against: the git ref or the path at it cannot be read' },
  // Moving skills in and out (docs/distribution.md).
  source_invalid: { kind: 'refusal', http: 400, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'skein add: the source is not a folder, git repository, tarball or skills index' },
  source_unreachable: { kind: 'refusal', http: 502, exit: 1, mcp: INTERNAL, clientFault: false, about: 'skein add: the source could not be fetched' },
  digest_mismatch: { kind: 'refusal', http: 409, exit: 1, mcp: INVALID_PARAMS, clientFault: false, about: 'a file differs from the digest skein.lock or the index records' },
  lock_invalid: { kind: 'refusal', http: 400, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'skein.lock is not well formed' },
  not_installed: { kind: 'refusal', http: 404, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'no installed skill of that name in skein.lock' },
  already_installed: { kind: 'refusal', http: 409, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'a skill of that name is installed already' },
  no_skills: { kind: 'refusal', http: 400, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'the source holds no skill' },
  not_confirmed: { kind: 'refusal', http: 400, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'skein add was not confirmed (answer yes, or pass --yes)' },
  conversion_lossy: { kind: 'refusal', http: 422, exit: 1, mcp: INVALID_PARAMS, clientFault: true, about: 'skein convert: some constructs of the skill have no counterpart in the target dialect (each named in fields; --allow-loss writes the file anyway)' },
  // What fails a run.
  node_failed: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a step failed (the message names it and where it is written)' },
  output_invalid: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the run’s output does not match the skill’s output schema' },
  no_output: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the run ended without reaching an end step' },
  budget_exceeded: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the run used up a budget (steps, model calls, tokens or time)' },
  await_timeout: { kind: 'run_error', http: 409, exit: 1, mcp: INVALID_PARAMS, clientFault: false, about: 'the run awaited a person longer than limits.awaitTimeout and failed' },
  cancelled: { kind: 'run_error', http: 409, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the run (or a sandboxed call) was cancelled' },
  timeout: { kind: 'run_error', http: 504, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a step or call took longer than its limit' },
  store_failed: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the run store failed to save the run' },
  worker_crashed: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the worker running it died' },
  resume_lost: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'what the paused run was waiting for cannot be found again' },
  skill_changed: { kind: 'run_error', http: 409, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the skill changed since the run started: the step it paused at is gone' },
  unsupported_node: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'this runtime cannot run a kind of step of the skill' },
  evaluation_failed: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an expression failed at run time (with file, line and column)' },
  route_unknown_target: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a route step chose a step that does not exist' },
  subgraph_not_found: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a step calls a subgraph that does not exist' },
  call_failed: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a skill called by a step failed' },
  call_paused: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a skill called where pausing is not possible paused for an answer' },
  call_depth: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'skills call each other too deeply' },
  model_not_configured: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a step needs a model and none is configured' },
  model_call_failed: { kind: 'run_error', http: 502, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the model service failed (after its retries)' },
  model_attempt_failed: { kind: 'run_error', http: 502, exit: 1, mcp: INTERNAL, clientFault: false, about: 'one attempt of a model call failed' },
  model_output_invalid: { kind: 'run_error', http: 502, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the model’s answer does not match what the step expects' },
  tool_failed: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a tool failed' },
  tool_input_invalid: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a tool was given input that does not match its schema' },
  tool_not_found: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a step uses a tool that is not registered' },
  mcp_unreachable: { kind: 'run_error', http: 502, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an MCP server a tool comes from cannot be reached' },
  code_runner_missing: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'a step runs code in a language no code runner is configured for' },
  script_failed: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an agent’s script failed' },
  preprocess_invalid: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an agent’s preprocessing gave an invalid result' },
  postprocess_invalid: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an agent’s postprocessing gave an invalid result' },
  validate_invalid: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an agent’s answer failed its validation' },
  contract_invalid: { kind: 'run_error', http: 502, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an agent’s answers kept breaking its contract (after the allowed retries)' },
  validation_failed: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an agent’s answers kept failing the skill’s checks (after the allowed retries)' },
  retry_exhausted: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'an agent kept asking for a retry past the allowed retries' },
  module_error: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'TS/JS code of a code step or skill threw an error' },
  python_error: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'Python code raised an exception' },
  memory_limit: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'Python code went over its memory limit' },
  no_entry: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the Python code has no function by the name the step calls' },
  not_json: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'Python code returned a value that is not JSON' },
  bad_code: { kind: 'run_error', http: 500, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the Python code does not compile' },
  closed: { kind: 'run_error', http: 503, exit: 1, mcp: INTERNAL, clientFault: false, about: 'the Python sandbox was closed during the call' },
} as const satisfies Record<string, ErrorRow>;

/** A code of the catalog. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Every code, in the table's order (for zod enums and docs). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The row of a code. */
export function errorRow(code: ErrorCode): ErrorRow {
  return ERROR_CODES[code];
}

/** Whether a string is a code of the catalog (for codes read back from a store). */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
