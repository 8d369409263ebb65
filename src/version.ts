/** Skein's version, as `skein --version` and `GET /v1/health` say it. */
export const SKEIN_VERSION = '0.1.0';
